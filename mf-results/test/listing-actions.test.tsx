import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import {
  FALLBACK_HEADER,
  IDENTITY_UNKNOWN,
  MESSAGES,
  type Brand,
  type Bus,
  type LeadProfile,
  type Listing,
  type Owner,
} from '@cfs/contracts';
import { BusContext, RegionDataContext } from '@cfs/remote-kit';
import { answer } from '@cfs/test-kit';
import { ResultsRegion } from '../src/components/ResultsRegion';
import { REPORT_TEXTS } from '../src/rules/lead';
import { LEAD_TEXTS } from '../src/rules/lead-form';
import { ACTION_TEXTS, MAKE_OFFER_EVENTS, PAYMENTS_SCRIPT_PATH } from '../src/rules/listing-actions';
import { listing, owner, tierData } from './fixtures';

type Handler = (init: RequestInit | undefined, url: string) => unknown;
let routes: Record<string, Handler>;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  routes = {};
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(routes).find((k) => `${init?.method ?? 'GET'} ${url}`.startsWith(k));
    if (!key) return answer({ error: 'not found' }, 404);
    const out = await routes[key](init, url);
    return out && typeof out === 'object' && 'ok' in (out as object) ? out : answer(out);
  }) as unknown as typeof fetch;
});

function setup(
  opts: {
    listings?: Listing[];
    owners?: Owner[];
    signedIn?: boolean;
    profile?: LeadProfile | null;
    flags?: Partial<ReturnType<typeof defaultFlags>>;
    brand?: Brand;
    compareIds?: string[];
  } = {},
): { bus: Bus } {
  const listings = opts.listings ?? [listing(1)];
  const owners = opts.owners ?? [owner(1)];
  const bus = createBus({
    search: { query: {}, result: { listings, owners, totalResultCount: listings.length }, status: 'success', requestId: 1, error: null },
    session: { signedIn: opts.signedIn ?? false, leadProfile: opts.profile ?? null, signInPath: '/account/signin' },
    brand: { brand: opts.brand ?? 'atc', flags: { ...defaultFlags(), ...opts.flags } },
    compare: { items: (opts.compareIds ?? []).map((id) => ({ id, title: id, price: null, image: null, year: 2020 })), open: false },
  });
  render(
    <BusContext.Provider value={bus}>
      <RegionDataContext.Provider value={tierData()}>
        <ResultsRegion />
      </RegionDataContext.Provider>
    </BusContext.Provider>,
  );
  return { bus };
}

const card = (name = 'Used 2020 Ford F150 XLT 1') => screen.getByRole('article', { name });
const PROFILE: LeadProfile = { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phone: '', isOneClickOptedIn: true };

describe('email the seller', () => {
  it('opens a dialog named by its heading with focus in it, validates every field and ties each error to it', async () => {
    const user = userEvent.setup();
    setup();
    const button = within(card()).getByRole('button', { name: ACTION_TEXTS.email });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.emailHeading });
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Message' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone (optional)' }), '12');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.send }));
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    expect(first).toHaveAccessibleDescription(LEAD_TEXTS.firstNameRequired);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(LEAD_TEXTS.lastNameRequired);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(LEAD_TEXTS.emailRequired);
    expect(within(dialog).getByRole('textbox', { name: 'Phone (optional)' })).toHaveAccessibleDescription(LEAD_TEXTS.phoneInvalid);
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(LEAD_TEXTS.commentRequired);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('posts the lead, shows the success state, marks the card and gives focus back when closed', async () => {
    const user = userEvent.setup();
    routes['POST /account-api/leads'] = () => ({ status: 'SUCCESS', leadId: 'ld-1' });
    setup();
    const button = within(card()).getByRole('button', { name: ACTION_TEXTS.email });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.emailHeading });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Sam');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Rivera');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.send }));
    expect(await within(dialog).findByText(LEAD_TEXTS.sent)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/account-api/leads',
      method: 'POST',
      body: {
        listingId: 'L1',
        firstName: 'Sam',
        lastName: 'Rivera',
        email: 'sam@example.com',
        comment: "I'm interested in the Used 2020 Ford F150 XLT 1. Please contact me.",
      },
    });
    expect(within(card()).getByText(ACTION_TEXTS.emailed)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('says so when the send fails, and keeps what was typed', async () => {
    const user = userEvent.setup();
    routes['POST /account-api/leads'] = () => answer({ error: 'down' }, 503);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setup({ signedIn: true, profile: { ...PROFILE, isOneClickOptedIn: false } });
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.email }));
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.emailHeading });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEAD_TEXTS.failed);
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Pat');
    expect(within(card()).queryByText(ACTION_TEXTS.emailed)).not.toBeInTheDocument();
  });

  it('honours hideEmailForm, and gives private sellers Make Offer instead', () => {
    setup({
      listings: [listing(1), listing(2)],
      owners: [owner(1, { hideEmailForm: true, phone: { value: '(404) 555-0101' } }), owner(2, { privateSeller: true, name: 'Jane D.' })],
    });
    expect(within(card()).queryByRole('button', { name: ACTION_TEXTS.email })).not.toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Call (404) 555-0101' })).toHaveAttribute('href', 'tel:4045550101');
    const priv = card('Used 2020 Ford F150 XLT 2');
    expect(within(priv).getByRole('button', { name: ACTION_TEXTS.makeOffer })).toBeInTheDocument();
    expect(within(priv).queryByRole('button', { name: ACTION_TEXTS.email })).not.toBeInTheDocument();
  });
});

describe('one-click email', () => {
  it('sends at once for an opted-in shopper with a name and email, and the card says so', async () => {
    const user = userEvent.setup();
    routes['POST /account-api/leads/one-click'] = () => ({ status: 'SUCCESS', leadId: 'ld-2' });
    routes['GET /account-api/lead-profile'] = () => PROFILE;
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: [] });
    setup({ signedIn: true, profile: PROFILE });
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.email }));
    expect(await within(card()).findByText(ACTION_TEXTS.emailed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url === '/account-api/leads/one-click')?.body).toEqual({
      listingId: 'L1',
      comment: MESSAGES.oneClickComment,
    });
  });

  it('sends once for a double click, and opens the email dialog when the send fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let release: (v: unknown) => void = () => {};
    routes['POST /account-api/leads/one-click'] = () => new Promise((resolve) => (release = resolve));
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: [] });
    setup({ signedIn: true, profile: PROFILE });
    const button = within(card()).getByRole('button', { name: ACTION_TEXTS.email });
    await user.click(button);
    await user.click(button);
    expect(calls.filter((c) => c.url === '/account-api/leads/one-click')).toHaveLength(1);
    await act(async () => release(answer({ error: 'down' }, 503)));
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.emailHeading });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    expect(within(card()).queryByText(ACTION_TEXTS.emailed)).not.toBeInTheDocument();
  });

  it('opens the edit-email dialog when the email is missing, saves the details and sends', async () => {
    const user = userEvent.setup();
    routes['PUT /account-api/lead-profile'] = (init) => ({ ...PROFILE, ...JSON.parse(String(init?.body)) });
    routes['POST /account-api/leads/one-click'] = () => ({ status: 'SUCCESS' });
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: [] });
    const { bus } = setup({ signedIn: true, profile: { ...PROFILE, email: '' } });
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.email }));
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.editEmailHeading });
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Pat');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.send }));
    expect(await within(dialog).findByText(LEAD_TEXTS.sent)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com' });
    expect(calls.find((c) => c.url === '/account-api/leads/one-click')?.body).toEqual({
      listingId: 'L1',
      comment: MESSAGES.oneClickComment,
    });
    expect(bus.getState().session.leadProfile?.email).toBe('pat@example.com');
  });

  it('puts the signed-in shopper’s lead profile on the bus', async () => {
    routes['GET /account-api/lead-profile'] = () => PROFILE;
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: [] });
    const { bus } = setup({ signedIn: true });
    await waitFor(() => expect(bus.getState().session.leadProfile).toEqual(PROFILE));
  });
});

describe('report listing', () => {
  it('asks for a reason, then sends the report', async () => {
    const user = userEvent.setup();
    routes['POST /account-api/report-listing'] = () => ({ status: 'received' });
    setup();
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.report }));
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.reportHeading });
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.sendReport }));
    expect(within(dialog).getByRole('group', { name: 'Why are you reporting this listing?' })).toHaveAccessibleDescription(
      REPORT_TEXTS.reasonRequired,
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.sendReport }));
    expect(within(dialog).getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription(REPORT_TEXTS.detailsRequired);
    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Photos are of another car');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.sendReport }));
    expect(await within(dialog).findByText(REPORT_TEXTS.sent)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ listingId: 'L1', reason: 'Other: Photos are of another car' });
  });
});

describe('share listing', () => {
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('shows only with the shareListingLink flag', () => {
    setup({ flags: { shareListingLink: false } });
    expect(within(card()).queryByRole('button', { name: ACTION_TEXTS.share })).not.toBeInTheDocument();
  });

  it('copies the absolute link, and offers the share sheet only where the browser has one', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    setup();
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.share }));
    let dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.shareHeading });
    const url = 'http://localhost/cars-for-sale/vehicle/1?clickType=listing';
    expect(within(dialog).getByRole('textbox', { name: ACTION_TEXTS.shareLinkLabel })).toHaveValue(url);
    expect(within(dialog).queryByRole('button', { name: ACTION_TEXTS.shareWithApp })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.copyLink }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(ACTION_TEXTS.copied);
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.close }));

    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.share }));
    dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.shareHeading });
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.shareWithApp }));
    expect(share).toHaveBeenCalledWith({ title: 'Used 2020 Ford F150 XLT 1', url });
  });
});

describe('dealer difference', () => {
  const dealer = owner(1, { dealerDiff: { tagline: 'Why buy from Dealer 1', contentId: 'dd-1' }, logo: { src: '/images/logo-1.png' } });
  const json = {
    cta: { label: 'Meet Our Team', offsite: true, link: 'https://dealer-1.example/team' },
    logo: '/images/logo-1.png',
    htmlContent: '',
  };
  const html = '<div class="dealer-difference"><h3>Family owned</h3><img src="/images/banner-1.png" alt="Our lot"></div>';

  it('shows the sanitised content with its CTA and logo once its images load', async () => {
    const user = userEvent.setup();
    routes['GET /content/dealer-difference/dd-1.json'] = () => json;
    routes['GET /content/dealer-difference/dd-1.html'] = () => ({ ok: true, status: 200, text: async () => html });
    setup({ owners: [dealer] });
    await user.click(within(card()).getByRole('button', { name: 'Why buy from Dealer 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why buy from Dealer 1' });
    expect(within(dialog).getByText(ACTION_TEXTS.loading)).toBeInTheDocument();
    await waitFor(() => expect(dialog.querySelectorAll('img')).toHaveLength(2));
    expect(within(dialog).queryByRole('link', { name: 'Meet Our Team' })).not.toBeInTheDocument();
    act(() => dialog.querySelectorAll('img').forEach((img) => fireEvent.load(img)));
    const cta = await within(dialog).findByRole('link', { name: 'Meet Our Team' });
    expect(cta).toHaveAttribute('href', 'https://dealer-1.example/team');
    expect(cta).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('img', { name: 'Dealer 1 logo' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Family owned' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/content/dealer-difference/dd-1.json?listingType=USED&ownerId=D1');
  });

  it('rejects the load when an image fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    routes['GET /content/dealer-difference/dd-1.json'] = () => json;
    routes['GET /content/dealer-difference/dd-1.html'] = () => ({ ok: true, status: 200, text: async () => html });
    setup({ owners: [dealer] });
    await user.click(within(card()).getByRole('button', { name: 'Why buy from Dealer 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why buy from Dealer 1' });
    await waitFor(() => expect(dialog.querySelectorAll('img')).toHaveLength(2));
    act(() => {
      fireEvent.load(dialog.querySelectorAll('img')[0]);
      fireEvent.error(dialog.querySelectorAll('img')[1]);
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACTION_TEXTS.dealerDiffFailed);
    expect(within(dialog).queryByRole('link', { name: 'Meet Our Team' })).not.toBeInTheDocument();
  });

  it("links the dealer's website externally", () => {
    setup({ owners: [owner(1, { website: { href: 'https://dealer-1.example' } })] });
    const link = within(card()).getByRole('link', { name: ACTION_TEXTS.website });
    expect(link).toHaveAttribute('href', 'https://dealer-1.example');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('saved listings', () => {
  it('asks anonymous shoppers to sign in, with signup and a return URL', async () => {
    const user = userEvent.setup();
    setup();
    const toggle = within(card()).getByRole('button', { name: ACTION_TEXTS.save });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.signInHeading });
    expect(within(dialog).getByRole('link', { name: ACTION_TEXTS.signInLink })).toHaveAttribute(
      'href',
      `/account/signin?defaultScreen=signup&returnUrl=${encodeURIComponent('/')}`,
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('restores a signed-in shopper’s saves and toggles them through the account call', async () => {
    const user = userEvent.setup();
    routes['GET /account-api/lead-profile'] = () => answer(null);
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: ['L2'] });
    routes['POST /account-api/saved-listings'] = (init) => {
      const b = JSON.parse(String(init?.body));
      return { listingIds: b.saved ? ['L1', 'L2'] : ['L2'] };
    };
    setup({ signedIn: true, listings: [listing(1), listing(2)], owners: [owner(1), owner(2)] });
    const two = within(card('Used 2020 Ford F150 XLT 2')).getByRole('button', { name: ACTION_TEXTS.save });
    await waitFor(() => expect(two).toHaveAttribute('aria-pressed', 'true'));
    const one = within(card()).getByRole('button', { name: ACTION_TEXTS.save });
    await user.click(one);
    expect(one).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ listingId: 'L1', saved: true });
    await user.click(one);
    await waitFor(() => expect(one).toHaveAttribute('aria-pressed', 'false'));
  });

  it('keeps a save pressed while the saved listings were still being read (their answer may predate it)', async () => {
    const user = userEvent.setup();
    routes['GET /account-api/lead-profile'] = () => answer(null);
    let read!: () => void;
    const readLate = new Promise<void>((r) => (read = r));
    // Read before the save was stored, answered after it.
    routes['GET /account-api/saved-listings'] = async () => {
      await readLate;
      return { listingIds: [] };
    };
    routes['POST /account-api/saved-listings'] = () => ({ listingIds: ['L1'] });
    setup({ signedIn: true });
    const one = within(card()).getByRole('button', { name: ACTION_TEXTS.save });
    await user.click(one);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    read();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.includes('saved-listings'))).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(one).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the saved cars could not be loaded when the account could not be checked, rather than showing none saved', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    routes['GET /account-api/lead-profile'] = () => answer(null);
    routes['GET /account-api/saved-listings'] = () => answer({ listingIds: [] }, 200, { [FALLBACK_HEADER]: IDENTITY_UNKNOWN });
    setup({ signedIn: true });
    expect(await screen.findByText(ACTION_TEXTS.savedUnavailable)).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: ACTION_TEXTS.save })).toHaveAttribute('aria-pressed', 'false');
  });

  it('does not bring saved listings back without the savedListings flag (saving still works)', async () => {
    routes['GET /account-api/lead-profile'] = () => answer(null);
    routes['GET /account-api/saved-listings'] = () => ({ listingIds: ['L1'] });
    setup({ signedIn: true, flags: { savedListings: false } });
    const toggle = within(card()).getByRole('button', { name: ACTION_TEXTS.save });
    await waitFor(() => expect(calls.some((c) => c.url.includes('lead-profile'))).toBe(true));
    expect(calls.some((c) => c.method === 'GET' && c.url.includes('saved-listings'))).toBe(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no toggle without the personalization flag', () => {
    setup({ flags: { personalization: false } });
    expect(within(card()).queryByRole('button', { name: ACTION_TEXTS.save })).not.toBeInTheDocument();
  });
});

describe('make offer', () => {
  afterEach(() => document.querySelectorAll('script').forEach((s) => s.remove()));

  it('loads the payments script only when asked and emits the page events', async () => {
    const user = userEvent.setup();
    setup({ owners: [owner(1, { privateSeller: true })] });
    expect(document.querySelector(`script[src="${PAYMENTS_SCRIPT_PATH}"]`)).toBeNull();
    const events: string[] = [];
    const seen = (e: Event) => events.push(`${e.type}${(e as CustomEvent).detail ? `:${(e as CustomEvent).detail.listingId}` : ''}`);
    window.addEventListener(MAKE_OFFER_EVENTS.loaded, seen);
    window.addEventListener(MAKE_OFFER_EVENTS.open, seen);
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.makeOffer }));
    const script = document.querySelector(`script[src="${PAYMENTS_SCRIPT_PATH}"]`)!;
    expect(script).not.toBeNull();
    act(() => {
      fireEvent.load(script);
    });
    expect(events).toEqual([MAKE_OFFER_EVENTS.loaded, `${MAKE_OFFER_EVENTS.open}:L1`]);
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.makeOffer }));
    expect(events).toEqual([MAKE_OFFER_EVENTS.loaded, `${MAKE_OFFER_EVENTS.open}:L1`, `${MAKE_OFFER_EVENTS.open}:L1`]);
    expect(document.querySelectorAll(`script[src="${PAYMENTS_SCRIPT_PATH}"]`)).toHaveLength(1);
    window.removeEventListener(MAKE_OFFER_EVENTS.loaded, seen);
    window.removeEventListener(MAKE_OFFER_EVENTS.open, seen);
  });

  it('logs a script that fails to load and says the button is unavailable', async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    setup({ owners: [owner(1, { privateSeller: true })] });
    await user.click(within(card()).getByRole('button', { name: ACTION_TEXTS.makeOffer }));
    act(() => {
      fireEvent.error(document.querySelector(`script[src="${PAYMENTS_SCRIPT_PATH}"]`)!);
    });
    const button = within(card()).getByRole('button', { name: ACTION_TEXTS.makeOfferUnavailable });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(log).toHaveBeenCalledWith(expect.stringContaining(PAYMENTS_SCRIPT_PATH));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("compare on the card, by the brand's reading", () => {
  it('search-results reading: an added listing reads Added to Compare and is disabled', () => {
    setup({ brand: 'atc', compareIds: ['L1'] });
    expect(within(card()).getByRole('button', { name: MESSAGES.addedToCompare })).toBeDisabled();
  });

  it('page-furniture reading: a second click publishes the removal the drawer handles', async () => {
    const user = userEvent.setup();
    const { bus } = setup({ brand: 'magazine', compareIds: ['L1'] });
    const removed: string[] = [];
    bus.on('compare:remove', ({ listingId }) => removed.push(listingId));
    const button = within(card()).getByRole('button', { name: MESSAGES.addedToCompare });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(removed).toEqual(['L1']);
  });
});

describe('the 360° viewer (search-results §3 fyuseId, the images360 flag)', () => {
  const spun = listing(1, {
    fyuseId: 'abc123def456',
    images: {
      sources: [1, 2, 3].map((k) => ({ src: `/images/listing/1-${k}.png`, alt: `Used 2020 Ford F150 XLT 1, view ${k}` })),
      primary: 0,
    },
  });

  it('opens from the card, turns with its buttons and the arrow keys in a loop, says which view shows, and closes', async () => {
    const user = userEvent.setup();
    setup({ listings: [spun], flags: { images360: true } });
    await user.click(within(card()).getByRole('button', { name: `${ACTION_TEXTS.spinOpen} of Used 2020 Ford F150 XLT 1` }));
    const dialog = await screen.findByRole('dialog', { name: ACTION_TEXTS.spinHeading });
    const shown = () => within(dialog).getByRole('img').getAttribute('alt');
    expect(shown()).toBe('Used 2020 Ford F150 XLT 1, view 1');
    expect(within(dialog).getByText('View 1 of 3')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: ACTION_TEXTS.spinNext });
    expect(next).toHaveFocus();
    await user.click(next);
    expect(shown()).toBe('Used 2020 Ford F150 XLT 1, view 2');
    const picture = within(dialog).getByRole('slider', { name: ACTION_TEXTS.spinRole });
    expect(picture).toHaveAttribute('aria-valuetext', 'View 2 of 3');
    picture.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toBe('Used 2020 Ford F150 XLT 1, view 1');
    await user.click(within(dialog).getByRole('button', { name: ACTION_TEXTS.spinPrevious }));
    expect(within(dialog).getByText('View 3 of 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a card without a spin, or with the flag off, has no viewer', () => {
    setup({ listings: [spun], flags: { images360: false } });
    expect(within(card()).queryByRole('button', { name: /360° view/ })).not.toBeInTheDocument();
  });
});
