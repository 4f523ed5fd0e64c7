import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_HEADER, IDENTITY_UNKNOWN, MESSAGES } from '@cfs/contracts';
import { TEXT } from '../src/rules/texts';
import { EMAIL_SUBSCRIBE_KEY } from '@cfs/remote-kit';
import { navigate as leave } from '../src/rules/sign-in';
import { PENDING_SAVE_KEY } from '../src/rules/pending-save';
import { answer, mockFetch } from '@cfs/test-kit';
import { renderToString } from 'react-dom/server';
import { WANTED_NOW_ATTR } from '@cfs/remote-kit';
import { alertsTree, setup } from './helpers';

// Leaving the page for the sign-in path is watched, not done (jsdom does not navigate).
jest.mock('../src/rules/sign-in', () => ({ ...jest.requireActual('../src/rules/sign-in'), navigate: jest.fn() }));
const navigate = leave as jest.MockedFunction<typeof leave>;

const fetchMock = mockFetch();
beforeEach(() => {
  window.history.pushState({}, '', '/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD&modelCode=F150&firstRecord=24');
});

/** The calls that send something (the signed-in list read is a GET). */
const posts = () => fetchMock.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'POST');
const body = (call: number) => JSON.parse(String((posts()[call][1] as RequestInit).body));

/** Answers the signed-in saved-search list with `list`, and every other call with `other()`. */
function routeFetch(other: () => unknown, list: unknown = { savedSearches: [], count: 1 }) {
  fetchMock.mockImplementation((url: string, init?: RequestInit) =>
    url === '/account-api/savedsearches' && (init?.method ?? 'GET') === 'GET' ? Promise.resolve(answer(list)) : Promise.resolve(other()),
  );
}

describe('the server render', () => {
  // The Save Search intent wakes the region when a shopper asks; a signed-in shopper's
  // saved-search titles and pending save need the region's code at once.
  it('wants the code at once for a signed-in shopper only', () => {
    const anonymous = renderToString(alertsTree().element);
    expect(anonymous).not.toContain(WANTED_NOW_ATTR);
    expect(renderToString(alertsTree({ signedIn: true }).element)).toContain(WANTED_NOW_ATTR);
  });
});

describe('anonymous save search', () => {
  // The email-alert prompt was closed earlier in this visit: the form shows on a click only.
  beforeEach(() => window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed'));

  it('the first click shows the inline email form, with the email field and a hidden honeypot', async () => {
    const user = userEvent.setup();
    const { container } = setup();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('maxLength', '45');
    expect(email).toHaveFocus();
    const pot = container.querySelector('input[name="textPot"]');
    expect(pot).toHaveAttribute('tabIndex', '-1');
    expect(pot!.closest('[aria-hidden="true"]')).toHaveClass('alr-honeypot');
    // People never reach it: the only textbox is Email.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Subscribe becomes Subscribed! after the call succeeds, and typing resets it', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(answer({ ok: true }, 201));
    const { bus } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: MESSAGES.subscribe }));
    expect(await screen.findByRole('button', { name: MESSAGES.subscribed })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/account-api/email-subscriptions');
    expect((fetchMock.mock.calls[0][1] as RequestInit).method).toBe('POST');
    expect(body(0)).toEqual({
      email: 'pat@example.com',
      brand: 'atc',
      search: 'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150',
      textPot: '',
      // The consumer metadata update travels with the subscription.
      consumerMetadata: { emailSubscribe: 'subscribed', lastSubscribedSearch: 'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.subscribeSuccess);
    expect(bus.getState().savedSearch.subscribedEmail).toBe('pat@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'x');
    expect(screen.getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.subscribed })).not.toBeInTheDocument();
  });

  it('an empty or malformed address is refused in the alert region without a call', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await user.click(screen.getByRole('button', { name: MESSAGES.subscribe }));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.emailRequired);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(TEXT.emailRequired);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.emailInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a warning when already subscribed and danger when the call fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(answer({ error: 'exists' }, 409)).mockRejectedValueOnce(new TypeError('offline'));
    setup();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com{Enter}');
    expect(await screen.findByText(TEXT.subscribeWarning)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.subscribeWarning);
    expect(screen.getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.subscribe }));
    expect(await screen.findByText(TEXT.subscribeDanger)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.subscribeDanger);
  });

  it('a click while the form shows goes to sign-in first (sign-up screen), with paging reset in the return URL', async () => {
    const user = userEvent.setup();
    navigate.mockClear();
    setup();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    const href = `/account/signin?defaultScreen=signup&returnUrl=${encodeURIComponent('/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD&modelCode=F150')}`;
    expect(navigate).toHaveBeenCalledWith(href);
    // Back signed in, this very search is saved.
    expect(window.sessionStorage.getItem(PENDING_SAVE_KEY)).toBe('zip=30301&listingType=USED&makeCode=FORD&modelCode=F150');
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.signInToSave);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', href);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a user with a subscribed recent search goes to sign-in instead of seeing the form', async () => {
    const user = userEvent.setup();
    navigate.mockClear();
    setup({ subscribedEmail: 'pat@example.com' });
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/account\/signin\?defaultScreen=signup&returnUrl=/));
  });

  it('closing the form returns focus to Save Search and keeps emailSubscribe=closed', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await user.click(screen.getByRole('button', { name: TEXT.close }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY)).toBe('closed');
    expect(screen.getByRole('button', { name: 'Save Search' })).toHaveFocus();
  });
});

describe('signed-in save search', () => {
  it('says the saved searches could not be loaded when the account could not be checked, rather than showing none', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ savedSearches: [] }, 200, { [FALLBACK_HEADER]: IDENTITY_UNKNOWN })));
    setup({ signedIn: true });
    const list = await screen.findByRole('region', { name: TEXT.savedSearchesHeading });
    expect(list).toHaveTextContent(TEXT.savedSearchesUnavailable);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('saves the search, shows Search Saved and updates the bus', async () => {
    const user = userEvent.setup();
    routeFetch(() => answer({ bookmarkId: 'b1' }, 201));
    const { bus } = setup({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(await screen.findByRole('button', { name: 'Search Saved' })).toHaveAttribute('aria-disabled', 'true');
    expect(posts()[0][0]).toBe('/account-api/savedsearches');
    expect(body(0)).toEqual({
      saveSearchString: 'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150',
      title: 'Used Ford F-150 near 30301',
    });
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.saved);
    expect(bus.getState().savedSearch).toMatchObject({ status: 'saved', titles: ['Used Ford F-150 near 30301'], count: 1 });
    // Saved already: another click does not call again.
    await user.click(screen.getByRole('button', { name: 'Search Saved' }));
    expect(posts()).toHaveLength(1);
    // A new search can be saved again.
    act(() => bus.update('search', { query: { makeCode: ['TOYOTA'] } }));
    expect(screen.getByRole('button', { name: 'Save Search' })).toBeInTheDocument();
    expect(bus.getState().savedSearch.status).toBe('idle');
  });

  it('on the valuation brand the saved-search count rises by one', async () => {
    const user = userEvent.setup();
    routeFetch(() => answer({}, 201));
    const { bus } = setup({ signedIn: true, brand: 'kbb' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await screen.findByRole('button', { name: 'Search Saved' });
    expect(bus.getState().savedSearch.count).toBe(2);
    // ...and the page shows it.
    expect(screen.getByRole('region', { name: TEXT.savedSearchesHeading })).toHaveTextContent(TEXT.savedSearchCount(2));
  });

  it('shows the saved searches with the instructions and disclaimer they carry; the count on the valuation brand only', async () => {
    const list = {
      savedSearches: [
        { title: 'Used Ford F-150 near 30301', textModalDisclaimer: 'You agree to alerts.', instructions: 'Open one to run it.' },
      ],
      count: 1,
    };
    routeFetch(() => answer({}, 201), list);
    setup({ signedIn: true });
    const region = await screen.findByRole('region', { name: TEXT.savedSearchesHeading });
    await waitFor(() => expect(region).toHaveTextContent('Open one to run it.'));
    expect(region).toHaveTextContent('You agree to alerts.');
    expect(within(region).getByRole('listitem')).toHaveTextContent('Used Ford F-150 near 30301');
    expect(region).not.toHaveTextContent(TEXT.savedSearchCount(1));
  });

  it('a refusal (409) shows the maximum-saved message and a create-account link', async () => {
    const user = userEvent.setup();
    routeFetch(() => answer({ error: 'limit' }, 409));
    const { bus } = setup({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(await screen.findByText(MESSAGES.maxSavedSearches)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.maxSavedSearches);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/account/signin?defaultScreen=signup&returnUrl=${encodeURIComponent('/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD&modelCode=F150&firstRecord=24')}`,
    );
    expect(screen.getByRole('button', { name: 'Save Search' })).toBeInTheDocument();
    expect(bus.getState().savedSearch).toMatchObject({ status: 'refused', message: MESSAGES.maxSavedSearches });
  });

  it('other failures say the search was not saved', async () => {
    const user = userEvent.setup();
    routeFetch(() => answer({ error: 'Circuit Breaker for savedSearches is open' }, 503));
    setup({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(await screen.findByText(TEXT.saveFailed)).toBeInTheDocument();
  });
});

describe('alerts:save-search intents', () => {
  it('run the same flow: signed in saves the given query', async () => {
    routeFetch(() => answer({}, 201));
    const { bus } = setup({ signedIn: true });
    act(() =>
      bus.publish('alerts:save-search', { query: { zip: '30301', listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'] } }),
    );
    expect(await screen.findByRole('button', { name: 'Search Saved' })).toBeInTheDocument();
    expect(body(0).saveSearchString).toBe('zip=30301&listingType=USED&makeCode=FORD&modelCode=F150');
  });

  it('run the same flow: logged out shows the email form', async () => {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
    const { bus } = setup();
    act(() => bus.publish('alerts:save-search', { query: {} }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('with an email, a logged-out user is subscribed at once', async () => {
    fetchMock.mockResolvedValue(answer({}, 201));
    const { bus } = setup();
    act(() => bus.publish('alerts:save-search', { query: bus.getState().search.query, email: 'pat@example.com' }));
    expect(await screen.findByRole('button', { name: MESSAGES.subscribed })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    expect(body(0)).toMatchObject({ email: 'pat@example.com', search: 'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150' });
  });
});
