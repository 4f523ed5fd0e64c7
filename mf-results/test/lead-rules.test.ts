import { MESSAGES, type LeadProfile } from '@cfs/contracts';
import { contactKind, oneClickDecision, phoneLink, reportReason, REPORT_TEXTS } from '../src/rules/lead';
import { LEAD_TEXTS, leadBody, validateLead, type LeadForm } from '../src/rules/lead-form';
import { Value } from '@sinclair/typebox/value';
import { EMAIL_DEALER_BODY } from '@cfs/contracts/bodies';
import { dealerDiffOf, readDealerDiff, websiteOf } from '../src/rules/listing-actions';
import { compareCta, compareCtaUnder } from '../src/rules/grid';
import { owner } from './fixtures';

const profile = (patch: Partial<LeadProfile> = {}): LeadProfile => ({
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@example.com',
  phone: '',
  isOneClickOptedIn: true,
  ...patch,
});

describe('the one-click decision (search-results §4)', () => {
  it.each([
    ['opted in with a name and email: sends at once', true, profile(), { kind: 'send', comment: MESSAGES.oneClickComment }],
    ['opted in without an email: edit-email', true, profile({ email: '' }), { kind: 'edit-email' }],
    ['opted in with an email that is not one: edit-email', true, profile({ email: 'pat' }), { kind: 'edit-email' }],
    ['opted in without a first name: edit-email', true, profile({ firstName: ' ' }), { kind: 'edit-email' }],
    ['opted in without a last name: edit-email', true, profile({ lastName: '' }), { kind: 'edit-email' }],
    ['not opted in: the email dialog', true, profile({ isOneClickOptedIn: false }), { kind: 'email' }],
    ['signed in without a profile: the email dialog', true, null, { kind: 'email' }],
    ['signed out (even with a profile): the email dialog', false, profile(), { kind: 'email' }],
  ])('%s', (_name, signedIn, p, expected) => {
    expect(oneClickDecision(signedIn, p)).toEqual(expected);
  });
});

describe('the email form rules', () => {
  const ok: LeadForm = { firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', phone: '', comment: 'Is it available?' };
  it.each<[string, Partial<LeadForm>, Partial<Record<keyof LeadForm, string>>]>([
    ['a complete form', {}, {}],
    ['a phone of 10 digits', { phone: '(404) 555-0101' }, {}],
    ['a phone of 11 digits with +', { phone: '+1 404 555 0101' }, {}],
    ['no first name', { firstName: '  ' }, { firstName: LEAD_TEXTS.firstNameRequired }],
    ['a first name too long', { firstName: 'x'.repeat(51) }, { firstName: LEAD_TEXTS.nameTooLong }],
    ['no last name', { lastName: '' }, { lastName: LEAD_TEXTS.lastNameRequired }],
    ['no email', { email: '' }, { email: LEAD_TEXTS.emailRequired }],
    ['an email without a domain', { email: 'sam@' }, { email: LEAD_TEXTS.emailInvalid }],
    ['an email too long', { email: `${'s'.repeat(95)}@example.com` }, { email: LEAD_TEXTS.emailInvalid }],
    ['a short phone', { phone: '555-01' }, { phone: LEAD_TEXTS.phoneInvalid }],
    ['a phone with letters', { phone: '404-555-CARS' }, { phone: LEAD_TEXTS.phoneInvalid }],
    ['no message', { comment: ' ' }, { comment: LEAD_TEXTS.commentRequired }],
    ['a message too long', { comment: 'x'.repeat(2001) }, { comment: LEAD_TEXTS.commentTooLong }],
  ])('%s', (_name, patch, errors) => {
    const form = { ...ok, ...patch };
    expect(validateLead(form)).toEqual(errors);
    // What the form lets through is a body the gateway's schema for the call takes, and a form
    // it stops for a limit would not be (the form's limits are the schema's).
    const valid = Value.Check(EMAIL_DEALER_BODY, leadBody('700001', form));
    if (!Object.keys(errors).length) expect(valid).toBe(true);
    if (/too long/.test(_name)) expect(valid).toBe(false);
  });
});

describe('contacting a seller', () => {
  it.each([
    ['a dealer: email', owner(1), 'email'],
    ['a dealer hiding the email form: none', owner(1, { hideEmailForm: true }), 'none'],
    ['a private seller: make offer', owner(1, { privateSeller: true }), 'make-offer'],
    ['no owner: email', undefined, 'email'],
  ] as const)('%s', (_name, o, kind) => {
    expect(contactKind(o)).toBe(kind);
  });

  it('calls the listing phone, else the owner phone, and nothing too short to call', () => {
    expect(phoneLink({ phone: '(404) 555-0101' }, owner(1))).toEqual({ text: '(404) 555-0101', href: 'tel:4045550101' });
    expect(phoneLink({}, owner(1, { phone: { value: '+1 770 555 0199' } }))).toEqual({ text: '+1 770 555 0199', href: 'tel:+17705550199' });
    expect(phoneLink({ phone: '555' }, undefined)).toBeNull();
  });

  it('reports a known reason; Other needs details', () => {
    expect(reportReason('', '')).toEqual({ error: REPORT_TEXTS.reasonRequired, field: 'reason' });
    expect(reportReason('Made up', '')).toEqual({ error: REPORT_TEXTS.reasonRequired, field: 'reason' });
    expect(reportReason('Other', ' ')).toEqual({ error: REPORT_TEXTS.detailsRequired, field: 'details' });
    expect(reportReason('Incorrect price', '')).toEqual({ reason: 'Incorrect price' });
    expect(reportReason('Other', ' Wrong photos ')).toEqual({ reason: 'Other: Wrong photos' });
  });
});

describe('dealer links and content', () => {
  it('links only a dealer’s http(s) website', () => {
    expect(websiteOf({}, owner(1, { website: { href: 'https://d.example' } }))).toBe('https://d.example');
    expect(websiteOf({}, owner(1, { website: { href: 'javascript:alert(1)' } }))).toBeUndefined();
    expect(websiteOf({}, owner(1, { privateSeller: true, website: { href: 'https://d.example' } }))).toBeUndefined();
  });

  it('offers dealer difference for dealers with content only', () => {
    expect(dealerDiffOf(owner(1, { dealerDiff: { tagline: 'Why us', contentId: 'dd-3' } }))).toEqual({
      contentId: 'dd-3',
      label: 'Why us',
    });
    expect(dealerDiffOf(owner(1, { dealerDiff: { tagline: '', contentId: 'dd-3' } }))?.label).toBe('Why buy from Dealer 1');
    expect(dealerDiffOf(owner(1, { dealerDiff: { tagline: 'x', contentId: '../etc' } }))).toBeNull();
    expect(dealerDiffOf(owner(1, { privateSeller: true, dealerDiff: { tagline: 'x', contentId: 'dd-3' } }))).toBeNull();
    expect(dealerDiffOf(owner(1))).toBeNull();
  });

  it('keeps a CTA and logo only with safe links, and prefers the HTML answer', () => {
    expect(
      readDealerDiff({ cta: { label: 'Go', link: 'javascript:x', offsite: true }, logo: 'data:x', htmlContent: '<p>a</p>' }, ''),
    ).toEqual({
      cta: null,
      logo: null,
      html: '<p>a</p>',
    });
    expect(readDealerDiff({ cta: { label: 'Go', link: 'https://d.example', offsite: false }, logo: '/l.png' }, '<p>b</p>')).toEqual({
      cta: { label: 'Go', href: 'https://d.example', offsite: false },
      logo: '/l.png',
      html: '<p>b</p>',
    });
  });
});

describe('the compare call-to-action under the brand’s reading', () => {
  const items = [1, 2, 3, 4, 5].map((n) => ({ id: `L${n}`, title: '', price: null, image: null, year: 2020 }));
  it.each([
    ['search-results: added reads Added and is disabled', 'addedDisabled', items.slice(0, 1), 'L1', 'added'],
    ['page-furniture: added removes on a second click', 'secondClickRemoves', items.slice(0, 1), 'L1', 'remove'],
    ['either: not added, fewer than 5', 'secondClickRemoves', items.slice(0, 1), 'L9', 'add'],
    ['either: not added, 5 active', 'addedDisabled', items, 'L9', 'hidden'],
    ['page-furniture: added with 5 active still removes', 'secondClickRemoves', items, 'L5', 'remove'],
  ] as const)('%s', (_name, reading, list, id, cta) => {
    expect(compareCta(true, list, id, reading)).toBe(cta);
  });

  it('is hidden with the flag off, and maps a given state to the reading', () => {
    expect(compareCta(false, [], 'L1', 'secondClickRemoves')).toBe('hidden');
    expect(compareCtaUnder('added', 'secondClickRemoves')).toBe('remove');
    expect(compareCtaUnder('remove', 'addedDisabled')).toBe('added');
    expect(compareCtaUnder('add', 'secondClickRemoves')).toBe('add');
  });
});
