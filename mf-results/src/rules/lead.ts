/**
 * Contacting a seller: the email form's fields and rules, the one-click decision (search-results
 * §4 'One-click email') and the report reasons. Pure, table-tested (test/lead-rules.test.ts).
 * The limits are the account call's (gateway route table `emailDealer`): names 50, email 100,
 * phone 20 characters of digits and + ( ) . - and spaces, message 2000.
 */
import { MESSAGES, type LeadProfile, type Listing, type Owner } from '@cfs/contracts';

export interface LeadForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comment: string;
}

export type LeadField = keyof LeadForm;
export type LeadErrors = Partial<Record<LeadField, string>>;

export const LEAD_LIMITS = { name: 50, email: 100, phone: 20, comment: 2000 } as const;

/** designed: the form's error texts (the spec shows none). */
export const LEAD_TEXTS = {
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  nameTooLong: `Use at most ${LEAD_LIMITS.name} characters.`,
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a phone number of 10 digits, or leave it empty.',
  commentRequired: 'Enter a message for the seller.',
  commentTooLong: `Use at most ${LEAD_LIMITS.comment} characters.`,
  sent: 'Your message was sent. The seller will contact you soon.',
  failed: 'Your message could not be sent. Please try again.',
  oneClickSent: 'Emailed',
} as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PHONE_CHARS = /^[0-9+() .-]*$/;

/** Every field's error, in form order; an empty object when the form can be sent. */
export function validateLead(form: LeadForm): LeadErrors {
  const errors: LeadErrors = {};
  const first = form.firstName.trim();
  const last = form.lastName.trim();
  if (!first) errors.firstName = LEAD_TEXTS.firstNameRequired;
  else if (first.length > LEAD_LIMITS.name) errors.firstName = LEAD_TEXTS.nameTooLong;
  if (!last) errors.lastName = LEAD_TEXTS.lastNameRequired;
  else if (last.length > LEAD_LIMITS.name) errors.lastName = LEAD_TEXTS.nameTooLong;
  const email = form.email.trim();
  if (!email) errors.email = LEAD_TEXTS.emailRequired;
  else if (email.length > LEAD_LIMITS.email || !EMAIL.test(email)) errors.email = LEAD_TEXTS.emailInvalid;
  const phone = form.phone.trim();
  const digits = phone.replace(/\D/g, '');
  if (phone && (phone.length > LEAD_LIMITS.phone || !PHONE_CHARS.test(phone) || digits.length < 10 || digits.length > 11))
    errors.phone = LEAD_TEXTS.phoneInvalid;
  const comment = form.comment.trim();
  if (!comment) errors.comment = LEAD_TEXTS.commentRequired;
  else if (comment.length > LEAD_LIMITS.comment) errors.comment = LEAD_TEXTS.commentTooLong;
  return errors;
}

/** designed: the message a new form starts with. */
export function defaultComment(title: string): string {
  return `I'm interested in the ${title}. Please contact me.`;
}

/** A form filled from the lead profile of a signed-in shopper (empty fields otherwise). */
export function leadFormFrom(profile: LeadProfile | null, comment: string): LeadForm {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    phone: profile?.phone ?? '',
    comment,
  };
}

/** The body the lead call takes (trimmed; the phone only when given). */
export function leadBody(listingId: string, form: LeadForm) {
  const phone = form.phone.trim();
  return {
    listingId,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    ...(phone ? { phone } : {}),
    comment: form.comment.trim(),
  };
}

/**
 * One-click email (search-results §4): a shopper who opted in and has a name and email sends at
 * once with the comment 'Please confirm vehicle availability.'; one who opted in but lacks the
 * name or the email gets the edit-email dialog; everyone else the normal email dialog. The name
 * is first and last name (the lead call needs both).
 */
export type OneClickDecision = { kind: 'send'; comment: string } | { kind: 'edit-email' } | { kind: 'email' };

export function oneClickDecision(signedIn: boolean, profile: LeadProfile | null): OneClickDecision {
  if (!signedIn || !profile || profile.isOneClickOptedIn !== true) return { kind: 'email' };
  const hasName = profile.firstName.trim() !== '' && profile.lastName.trim() !== '';
  const hasEmail = EMAIL.test(profile.email.trim());
  if (hasName && hasEmail) return { kind: 'send', comment: MESSAGES.oneClickComment };
  return { kind: 'edit-email' };
}

/** How a shopper contacts a listing's seller (page-furniture §6, §3 Owner hideEmailForm). */
export type ContactKind = 'make-offer' | 'email' | 'none';

export function contactKind(owner: Owner | undefined): ContactKind {
  if (owner?.privateSeller) return 'make-offer';
  if (owner?.hideEmailForm) return 'none';
  return 'email';
}

/** The seller's phone: the listing's, else the owner's; a tel: link of its digits (null when none). */
export function phoneLink(listing: Pick<Listing, 'phone'>, owner: Owner | undefined): { text: string; href: string } | null {
  const text = (listing.phone || owner?.phone?.value || '').trim();
  const digits = text.replace(/[^\d+]/g, '');
  if (digits.replace(/\D/g, '').length < 7) return null;
  return { text, href: `tel:${digits}` };
}

/** designed: report reasons (the spec shows the report call, not its reasons). */
export const REPORT_REASONS = [
  'Incorrect price',
  'Incorrect vehicle details',
  'Vehicle already sold',
  'Suspected fraud or scam',
  'Offensive or inappropriate content',
  'Other',
] as const;

export const REPORT_TEXTS = {
  reasonRequired: 'Choose a reason.',
  detailsRequired: 'Describe the problem.',
  sent: 'Thank you. Your report was sent.',
  failed: 'Your report could not be sent. Please try again.',
} as const;

/** The report's reason text (an 'Other' report needs a description); null with its error otherwise. */
export function reportReason(reason: string, details: string): { reason: string } | { error: string; field: 'reason' | 'details' } {
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) return { error: REPORT_TEXTS.reasonRequired, field: 'reason' };
  const d = details.trim().slice(0, 400);
  if (reason === 'Other' && !d) return { error: REPORT_TEXTS.detailsRequired, field: 'details' };
  return { reason: d ? `${reason}: ${d}` : reason };
}
