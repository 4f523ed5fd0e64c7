/**
 * Contacting a seller: the one-click decision (search-results §4 'One-click email'), how a card
 * offers contact, and the report reasons. Pure, table-tested (test/lead-rules.test.ts). The email
 * form itself is lead-form.ts.
 */
import { MESSAGES, type LeadProfile, type PageListing, type PageOwner } from '@cfs/contracts';
import { hasEmailShape } from '@cfs/search-query';

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
  const hasEmail = hasEmailShape(profile.email);
  if (hasName && hasEmail) return { kind: 'send', comment: MESSAGES.oneClickComment };
  return { kind: 'edit-email' };
}

/** How a shopper contacts a listing's seller (page-furniture §6, §3 Owner hideEmailForm). */
export type ContactKind = 'make-offer' | 'email' | 'none';

export function contactKind(owner: PageOwner | undefined): ContactKind {
  if (owner?.privateSeller) return 'make-offer';
  if (owner?.hideEmailForm) return 'none';
  return 'email';
}

/** The seller's phone: the listing's, else the owner's; a tel: link of its digits (null when none). */
export function phoneLink(listing: Pick<PageListing, 'phone'>, owner: PageOwner | undefined): { text: string; href: string } | null {
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
