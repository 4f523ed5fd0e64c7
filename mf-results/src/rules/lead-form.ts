/**
 * The email form of a listing (search-results §4): its fields, its checks before it sends, and the
 * body it sends. The limits come from the body's schema (contracts' EMAIL_DEALER_BODY, which the
 * gateway checks the call with): names 50, email 100, phone 20 characters of digits and
 * + ( ) . - and spaces, message 2000. Pure, table-tested (test/lead-rules.test.ts). Loaded with
 * the email dialog, not with the grid.
 */
import { LEAD_LIMITS, type EmailDealerBody } from '@cfs/contracts/bodies';
import type { LeadProfile } from '@cfs/contracts';
import { hasEmailShape } from '@cfs/search-query';

export interface LeadForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comment: string;
}

export type LeadField = keyof LeadForm;
export type LeadErrors = Partial<Record<LeadField, string>>;

/** The form's limits: the account call's body schema's (contracts' EMAIL_DEALER_BODY). */
export { LEAD_LIMITS };

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
  else if (email.length > LEAD_LIMITS.email || !hasEmailShape(email)) errors.email = LEAD_TEXTS.emailInvalid;
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
export function leadBody(listingId: string, form: LeadForm): EmailDealerBody {
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
