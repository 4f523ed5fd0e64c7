import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import { HERO_TEXTS, SUGGESTED_ACTION_DELAY_MS, type Bus, type SearchQuery } from '@cfs/contracts';
import { bindAssistant, suggestedActionQuery, suggestedActions } from '../src/hero-assistant';
import { assistantButtonHtml } from '../src/hero-parts';
import { HERO_SOURCE } from '../src/hero-location';

describe('the suggested actions (rules)', () => {
  it('suggests every action for a plain search, in order', () => {
    expect(suggestedActions({}).map((a) => a.label)).toEqual([
      'Show Great and Good deals',
      'Show certified used cars only',
      'Sort by lowest price',
      'Set your location',
    ]);
  });

  it('leaves out what the search already does', () => {
    const query: SearchQuery = { dealType: ['goodprice', 'greatprice'], sortBy: 'derivedpriceASC', zip: '30301' };
    expect(suggestedActions(query).map((a) => a.id)).toEqual(['certified']);
  });

  it('an action sets its values with paging reset; Set your location changes no search', () => {
    const query: SearchQuery = { makeCode: ['FORD'], firstRecord: 48, dealType: ['fairprice'] };
    expect(suggestedActionQuery('best-deals', query)).toEqual({ makeCode: ['FORD'], dealType: ['greatprice', 'goodprice'] });
    expect(suggestedActionQuery('lowest-price', query)).toEqual({ makeCode: ['FORD'], dealType: ['fairprice'], sortBy: 'derivedpriceASC' });
    expect(suggestedActionQuery('location', query)).toBeNull();
  });
});

describe('the shopping assistant dialog', () => {
  let bus: Bus;
  let off: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = `<input id="cfs-zip" aria-label="ZIP Code">${assistantButtonHtml()}`;
    bus = createBus({
      search: { query: { makeCode: ['FORD'], firstRecord: 24 }, result: null, status: 'success', requestId: 1, error: null },
      brand: { brand: 'atc', flags: defaultFlags() },
    });
    off = bindAssistant(bus, document);
  });
  afterEach(() => {
    act(() => off());
    jest.useRealTimers();
  });

  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

  it(`opens ${SUGGESTED_ACTION_DELAY_MS} ms after the click, named by its heading, focus on the first action`, async () => {
    const button = screen.getByRole('button', { name: HERO_TEXTS.assistantButton });
    await user().click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await wait(SUGGESTED_ACTION_DELAY_MS - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(1);
    const dialog = screen.getByRole('dialog', { name: HERO_TEXTS.assistantHeading });
    expect(within(dialog).getByRole('button', { name: 'Show Great and Good deals' })).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('an action applies its filter through filters:changed with paging reset, closes and gives focus back', async () => {
    const events: unknown[] = [];
    bus.on('filters:changed', (p) => events.push(p));
    const button = screen.getByRole('button', { name: HERO_TEXTS.assistantButton });
    await user().click(button);
    await wait(SUGGESTED_ACTION_DELAY_MS);
    await user().click(screen.getByRole('button', { name: 'Show Great and Good deals' }));
    expect(events).toEqual([{ query: { makeCode: ['FORD'], dealType: ['greatprice', 'goodprice'] }, source: HERO_SOURCE }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('Set your location moves focus to the ZIP field; Escape closes with no change', async () => {
    const events: unknown[] = [];
    bus.on('filters:changed', (p) => events.push(p));
    const button = screen.getByRole('button', { name: HERO_TEXTS.assistantButton });
    await user().click(button);
    await wait(SUGGESTED_ACTION_DELAY_MS);
    await user().click(screen.getByRole('button', { name: 'Set your location' }));
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveFocus();
    await user().click(button);
    await wait(SUGGESTED_ACTION_DELAY_MS);
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(events).toEqual([]);
  });

  it('a second click while it opens opens one dialog', async () => {
    const button = screen.getByRole('button', { name: HERO_TEXTS.assistantButton });
    await user().click(button);
    await user().click(button);
    await wait(SUGGESTED_ACTION_DELAY_MS);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
