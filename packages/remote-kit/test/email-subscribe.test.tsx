import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, initialState } from '@cfs/bus';
import { MESSAGES, SUBSCRIBE_TEXTS, type Bus } from '@cfs/contracts';
import {
  BusContext,
  closeEmailSubscribe,
  EMAIL_SUBSCRIBE_KEY,
  emailFieldProblem,
  EmailSubscribeForm,
  emailSubscribeValue,
  markSubscribed,
  subscribeOutcome,
  useEmailSubscribe,
  type EmailSubscribeClasses,
} from '../src';

const CLASSES: EmailSubscribeClasses = { form: 'f', heading: 'h', row: 'r', label: 'l', input: 'i', pot: 'p', submit: 's', close: 'c' };
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.sessionStorage.clear();
});

function Form({ heading }: { heading: string }) {
  const flow = useEmailSubscribe();
  return (
    <EmailSubscribeForm
      flow={flow}
      heading={heading}
      closeLabel={`Close ${heading}`}
      classes={CLASSES}
      messageId={`${heading}-message`}
      focusOnOpen={false}
      onSubmit={(textPot) => void flow.submit(textPot)}
      onClose={() => undefined}
    />
  );
}

function renderBoth(): Bus {
  const bus = createBus({ search: { ...initialState().search, query: { makeCode: ['FORD'], firstRecord: 24 }, status: 'success' } });
  render(
    <BusContext.Provider value={bus}>
      <Form heading="Prompt" />
      <Form heading="Capture" />
    </BusContext.Provider>,
  );
  return bus;
}

const form = (name: string) => screen.getByRole('form', { name });

describe('the one email-alert form', () => {
  it('reads every answer of the subscribe call the same way', () => {
    expect(subscribeOutcome(201)).toEqual({ tone: 'success', text: SUBSCRIBE_TEXTS.success });
    expect(subscribeOutcome(409)).toEqual({ tone: 'warning', text: SUBSCRIBE_TEXTS.warning });
    expect(subscribeOutcome(400)).toEqual({ tone: 'danger', text: SUBSCRIBE_TEXTS.emailInvalid, field: 'email' });
    expect(subscribeOutcome(503)).toEqual({ tone: 'danger', text: SUBSCRIBE_TEXTS.danger });
    expect(subscribeOutcome(null)).toEqual({ tone: 'danger', text: SUBSCRIBE_TEXTS.danger });
    expect(emailFieldProblem('')).toMatchObject({ text: SUBSCRIBE_TEXTS.emailRequired, field: 'email' });
    expect(emailFieldProblem('nope')).toMatchObject({ text: SUBSCRIBE_TEXTS.emailInvalid, field: 'email' });
    expect(emailFieldProblem('pat@example.com')).toBeNull();
  });

  it('shares its state: an address subscribed in one form shows as subscribed in the other; a new search asks again', async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 201, statusText: 'Created', text: async () => '{}' });
    const user = userEvent.setup();
    const bus = renderBoth();
    await user.type(within(form('Prompt')).getByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.click(within(form('Prompt')).getByRole('button', { name: MESSAGES.subscribe }));
    expect(await within(form('Prompt')).findByRole('button', { name: MESSAGES.subscribed })).toBeInTheDocument();
    // The other form: the address, subscribed.
    expect(within(form('Capture')).getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    expect(within(form('Capture')).getByRole('button', { name: MESSAGES.subscribed })).toBeInTheDocument();
    expect(bus.getState().savedSearch).toMatchObject({ subscribedEmail: 'pat@example.com', subscribedSearch: 'makeCode=FORD' });
    expect(emailSubscribeValue()).toBe('subscribed');
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(init.body)).toMatchObject({
      search: 'makeCode=FORD',
      consumerMetadata: { emailSubscribe: 'subscribed', lastSubscribedSearch: 'makeCode=FORD' },
    });

    // Another address typed in the other form: not subscribed.
    await user.type(within(form('Capture')).getByRole('textbox', { name: 'Email' }), 'x');
    expect(within(form('Capture')).getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
    // A new search: both ask again.
    act(() => bus.update('search', { query: { makeCode: ['TOYOTA'] } }));
    expect(within(form('Prompt')).getByRole('button', { name: MESSAGES.subscribe })).toBeInTheDocument();
  });

  it('checks the address before anything is sent, and the message describes the field', async () => {
    const user = userEvent.setup();
    renderBoth();
    await user.type(within(form('Prompt')).getByRole('textbox', { name: 'Email' }), 'nope');
    await user.click(within(form('Prompt')).getByRole('button', { name: MESSAGES.subscribe }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(form('Prompt')).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form('Prompt')).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-describedby', 'Prompt-message');
  });

  it("keeps the session value: 'closed' once closed, 'subscribed' unless closed, in storage and a session cookie", () => {
    // The cookie's path is the search page's.
    window.history.pushState({}, '', '/cars-for-sale');
    markSubscribed();
    expect(window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY)).toBe('subscribed');
    expect(document.cookie).toContain(`${EMAIL_SUBSCRIBE_KEY}=subscribed`);
    closeEmailSubscribe();
    expect(emailSubscribeValue()).toBe('closed');
    markSubscribed();
    expect(emailSubscribeValue()).toBe('closed');
  });
});
