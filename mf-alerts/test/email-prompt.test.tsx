import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import { AlertsApp } from '../src/components/AlertsApp';
import userEvent from '@testing-library/user-event';
import { answer, mockFetch } from '@cfs/test-kit';
import { MESSAGES } from '@cfs/contracts';
import { emailPromptShows, type EmailPromptContext } from '../src/rules/email-prompt';
import { EMAIL_SUBSCRIBE_KEY } from '@cfs/remote-kit';
import { PENDING_SAVE_KEY, takePendingSave } from '../src/rules/pending-save';
import { TEXT } from '../src/rules/texts';
import { setup } from './helpers';

const fetchMock = mockFetch();
beforeEach(() => {
  document.cookie = 'emailSubscribe=; Max-Age=0; Path=/cars-for-sale';
  window.history.pushState({}, '', '/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD&modelCode=F150&firstRecord=24');
});

const shows: EmailPromptContext = {
  signedIn: false,
  savedSearchTitles: 0,
  requestValues: 'makeCode=FORD',
  recentlySubscribed: false,
  subscribeAlerts: true,
  emailAlertPrompt: true,
  sessionValue: null,
};

describe('emailPromptShows', () => {
  it.each<[string, Partial<EmailPromptContext>, boolean]>([
    ['anonymous, no title, a search, not subscribed, flag on', {}, true],
    ['signed in', { signedIn: true }, false],
    ['a saved search title', { savedSearchTitles: 1 }, false],
    ['no request values', { requestValues: '' }, false],
    ['recently subscribed', { recentlySubscribed: true }, false],
    ['flag off', { subscribeAlerts: false }, false],
    ['prompt flag off', { emailAlertPrompt: false }, false],
    ['closed in this session', { sessionValue: 'closed' }, false],
    ['subscribed in this session', { sessionValue: 'subscribed' }, false],
    ['another session value', { sessionValue: 'other' }, true],
  ])('%s → %s', (_name, patch, expected) => {
    expect(emailPromptShows({ ...shows, ...patch })).toBe(expected);
  });
});

describe('takePendingSave', () => {
  it.each<[string, boolean, string | null, string, boolean, string | null]>([
    ['signed in, same search: save, and forget it', true, 'makeCode=FORD', 'makeCode=FORD', true, null],
    ['signed in, another search: no save, forget it', true, 'makeCode=FORD', 'makeCode=BMW', false, null],
    ['signed out: no save, keep it', false, 'makeCode=FORD', 'makeCode=FORD', false, 'makeCode=FORD'],
    ['nothing pending', true, null, 'makeCode=FORD', false, null],
  ])('%s', (_name, signedIn, pending, search, expected, left) => {
    if (pending !== null) window.sessionStorage.setItem(PENDING_SAVE_KEY, pending);
    expect(takePendingSave(signedIn, search)).toBe(expected);
    expect(window.sessionStorage.getItem(PENDING_SAVE_KEY)).toBe(left);
  });
});

describe('the email-alert prompt on the page', () => {
  it('shows by itself for an anonymous shopper, without taking focus, and alerts on the search', async () => {
    fetchMock.mockResolvedValue(answer({}, 201));
    const user = userEvent.setup();
    setup();
    const email = await screen.findByRole('textbox', { name: TEXT.email });
    expect(screen.getByRole('form', { name: TEXT.formHeading })).toBeInTheDocument();
    expect(email).not.toHaveFocus();
    await user.type(email, 'pat@example.com{Enter}');
    expect(await screen.findByText(TEXT.subscribeSuccess)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toMatchObject({
      email: 'pat@example.com',
      search: 'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150',
    });
    // The form stays, now saying so; the session remembers the subscription.
    expect(screen.getByRole('button', { name: 'Subscribed!' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY)).toBe('subscribed');
  });

  it('closing it stores emailSubscribe=closed, and a later page of the session does not show it', async () => {
    const user = userEvent.setup();
    const first = setup();
    await user.click(await screen.findByRole('button', { name: TEXT.close }));
    expect(window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY)).toBe('closed');
    expect(screen.queryByRole('textbox', { name: TEXT.email })).not.toBeInTheDocument();
    first.unmount();
    setup();
    expect(screen.getByRole('button', { name: MESSAGES.saveSearch })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: TEXT.email })).not.toBeInTheDocument();
  });

  it.each<[string, Parameters<typeof setup>[0]]>([
    ['signed in', { signedIn: true }],
    ['recently subscribed', { subscribedEmail: 'pat@example.com' }],
    ['no request values', { query: {} }],
  ])('does not show when %s', async (_name, opts) => {
    fetchMock.mockResolvedValue(answer({ savedSearches: [] }));
    setup(opts);
    await waitFor(() => expect(screen.getByRole('button', { name: MESSAGES.saveSearch })).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: TEXT.email })).not.toBeInTheDocument();
  });
});

describe('the session value on the server', () => {
  function serverHtml(emailSubscribe: 'closed' | 'subscribed' | null): string {
    const bus = createBus({
      brand: { brand: 'atc', flags: defaultFlags() },
      session: { signedIn: false, leadProfile: null, emailSubscribe },
      search: { query: { makeCode: ['FORD'] }, result: null, status: 'success', requestId: 0, error: null },
    });
    return renderToString(
      <BusContext.Provider value={bus}>
        <AlertsApp />
      </BusContext.Provider>,
    );
  }

  it.each<[string, 'closed' | 'subscribed' | null, boolean]>([
    ['not set: the server render already has the prompt', null, true],
    ['closed: the server render leaves it out', 'closed', false],
    ['subscribed: the server render leaves it out', 'subscribed', false],
  ])('%s', (_name, value, shown) => {
    expect(serverHtml(value).includes(TEXT.formHeading)).toBe(shown);
  });

  it('closing writes the session cookie the gateway reads, without an expiry', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: TEXT.close }));
    expect(document.cookie).toContain('emailSubscribe=closed');
  });

  it('a page whose first-load state says closed keeps it closed even without session storage', () => {
    const bus = createBus({
      brand: { brand: 'atc', flags: defaultFlags() },
      session: { signedIn: false, leadProfile: null, emailSubscribe: 'closed' },
      search: { query: { makeCode: ['FORD'] }, result: null, status: 'success', requestId: 0, error: null },
    });
    render(
      <BusContext.Provider value={bus}>
        <AlertsApp />
      </BusContext.Provider>,
    );
    expect(screen.queryByRole('textbox', { name: TEXT.email })).not.toBeInTheDocument();
  });
});

describe('sign in, then save', () => {
  it('following the sign-in link remembers the search; back signed in, it is saved once', async () => {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
    const user = userEvent.setup();
    const anonymous = setup({ subscribedEmail: 'pat@example.com' });
    await user.click(screen.getByRole('button', { name: MESSAGES.saveSearch }));
    const link = screen.getByRole('link', { name: TEXT.signIn });
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(window.sessionStorage.getItem(PENDING_SAVE_KEY)).toBe('zip=30301&listingType=USED&makeCode=FORD&modelCode=F150');
    anonymous.unmount();

    // The return URL: the same search with paging reset, now signed in.
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'POST' ? answer({}, 201) : answer({ savedSearches: [{ title: 'Used Toyota' }], count: 1 })),
    );
    const { bus } = setup({ signedIn: true, query: { zip: '30301', listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'] } });
    expect(await screen.findByRole('button', { name: MESSAGES.searchSaved })).toBeInTheDocument();
    const saves = fetchMock.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'POST');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String((saves[0][1] as RequestInit).body)).saveSearchString).toBe(
      'zip=30301&listingType=USED&makeCode=FORD&modelCode=F150',
    );
    expect(window.sessionStorage.getItem(PENDING_SAVE_KEY)).toBeNull();
    await waitFor(() => expect(bus.getState().savedSearch.titles).toContain('Used Ford F-150 near 30301'));
  });
});

describe('saved-search titles', () => {
  it('a signed-in shopper sees their saved-search titles', async () => {
    fetchMock.mockResolvedValue(answer({ savedSearches: [{ title: 'Used Ford F-150 near 30301' }, { title: 'New Honda' }], count: 2 }));
    const { bus } = setup({ signedIn: true });
    const list = await screen.findByRole('region', { name: TEXT.savedSearchesHeading });
    expect(list).toHaveTextContent('Used Ford F-150 near 30301');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Used Ford F-150 near 30301', 'New Honda']);
    expect(bus.getState().savedSearch.count).toBe(2);
  });

  it('an anonymous shopper sees none and the list is not asked for', () => {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
    setup();
    expect(screen.queryByRole('region', { name: TEXT.savedSearchesHeading })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
