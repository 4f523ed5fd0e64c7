import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, initialState } from '@cfs/bus';
import { firstLoadState } from '@cfs/test-kit';
import { MESSAGES, type Bus, type SearchQuery } from '@cfs/contracts';
import { renderPage } from '../src/layout';
import { bindHeroLocation, heroLocationHtml } from '../src/hero-location';

function page(query: SearchQuery) {
  const state = firstLoadState({ query, result: { listings: [], owners: [], totalResultCount: 3 } });

  const html = renderPage(state, { scripts: [], preloads: [] });
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

/** A server check that knows `known` ZIPs; each call is recorded. */
function checker(known: string[]) {
  const calls: string[] = [];
  let release: (() => void) | null = null;
  const check = jest.fn(async (zip: string) => {
    calls.push(zip);
    if (zip === '99999') await new Promise<void>((r) => (release = r));
    return known.includes(zip);
  });
  return { check, calls, release: () => release?.() };
}

function setup(query: SearchQuery, known = ['30301', '10001']) {
  page(query);
  const bus: Bus = createBus({ search: { ...initialState().search, query, status: 'success' } });
  const published: SearchQuery[] = [];
  bus.on('filters:changed', ({ query: q }) => published.push(q));
  const c = checker(known);
  const off = bindHeroLocation(bus, document, { check: c.check });
  const form = screen.getByRole('form', { name: 'Search location' });
  const zip = within(form).getByRole('textbox', { name: 'ZIP Code' });
  return { bus, published, off, form, zip, ...c, submit: within(form).getByRole('button', { name: 'Update Location' }) };
}

describe('the hero location editor (page-furniture §5)', () => {
  it('is rendered on the server with the searched ZIP, as a form that works before the script', () => {
    const html = heroLocationHtml({ zip: '30301', makeCode: ['FORD', 'KIA'], firstRecord: 24, searchRadius: 50 });
    expect(html).toContain('name="zip"');
    expect(html).toContain('value="30301"');
    expect(html).toContain('<input type="hidden" name="makeCode" value="FORD,KIA">');
    expect(html).toContain('<input type="hidden" name="searchRadius" value="50">');
    expect(html).not.toContain('firstRecord');
    expect(heroLocationHtml({ keywordPhrases: '"><script>' })).not.toContain('"><script>');
  });

  it('applies once 5 characters are typed and the lookup succeeds (the shell resets paging)', async () => {
    const { zip, published, calls } = setup({ makeCode: ['FORD'], zip: '10001', firstRecord: 24 });
    expect(zip).toHaveValue('10001');
    await userEvent.clear(zip);
    await userEvent.type(zip, '3030');
    expect(calls).toEqual([]);
    expect(published).toEqual([]);
    await userEvent.type(zip, '1');
    await waitFor(() => expect(published).toEqual([{ makeCode: ['FORD'], zip: '30301', firstRecord: 24 }]));
    expect(calls).toEqual(['30301']);
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it("shows 'Enter a valid ZIP Code' when the lookup fails, ties it to the field, and applies nothing", async () => {
    const { zip, published } = setup({});
    await userEvent.type(zip, '00000');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidZip));
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(MESSAGES.invalidZip);
    expect(published).toEqual([]);
  });

  it('blocks submit while a ZIP error stands', async () => {
    const { zip, submit, published, calls } = setup({});
    await userEvent.type(zip, '00000');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidZip));
    await userEvent.click(submit);
    expect(calls).toEqual(['00000']);
    expect(zip).toHaveFocus();
    expect(published).toEqual([]);
  });

  it('refuses a submit of fewer than 5 characters without a lookup', async () => {
    const { zip, submit, published, calls } = setup({});
    await userEvent.type(zip, '303');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidZip);
    expect(calls).toEqual([]);
    expect(published).toEqual([]);
    await userEvent.type(zip, '01');
    await waitFor(() => expect(published).toEqual([{ zip: '30301' }]));
  });

  it('an older lookup never applies over a newer ZIP', async () => {
    const { zip, published, release } = setup({}, ['30301', '99999']);
    await userEvent.type(zip, '99999');
    await userEvent.clear(zip);
    await userEvent.type(zip, '30301');
    release();
    await waitFor(() => expect(published).toEqual([{ zip: '30301' }]));
    await new Promise((r) => setTimeout(r, 0));
    expect(published).toEqual([{ zip: '30301' }]);
  });

  it('shows a ZIP searched elsewhere, and stops when unbound', async () => {
    const { bus, zip, off } = setup({ zip: '10001' });
    bus.update('search', { query: { zip: '30301' } });
    expect(zip).toHaveValue('30301');
    off();
    bus.update('search', { query: { zip: '10001' } });
    expect(zip).toHaveValue('30301');
  });
});
