/** One outcome message of this remote: danger goes to the alert region, the others to the status region. */
export interface Message {
  tone: 'success' | 'warning' | 'danger' | 'info';
  text: string;
  link?: { href: string; label: string; /** Run when the shopper follows the link. */ onFollow?: () => void };
  /** Set when the message is about the email field (it then describes the field). */
  field?: 'email';
}
