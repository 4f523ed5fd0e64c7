/** One outcome message of this remote: danger goes to the alert region, the others to the status region. */
export interface Message {
  tone: 'success' | 'warning' | 'danger' | 'info';
  text: string;
  link?: { href: string; label: string };
  /** Set when the message is about the email field (it then describes the field). */
  field?: 'email';
}
