import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type SearchQuery, type SearchResult } from '@cfs/contracts';
import { renderToString } from 'react-dom/server';
import { createBus, initialState } from '@cfs/bus';
import { BusContext, useShared, WANTED_NOW_ATTR } from '@cfs/remote-kit';
import { listing, result } from '@cfs/test-kit';
import { ModelClarification } from '../src/components/ModelClarification';
import {
  CLARIFICATION_COOKIE,
  modelClarification,
  turnedOffModels,
  turnOffCookie,
  withSuggestedModel,
} from '../src/rules/model-clarification';
import { renderControl } from './helpers';

const FORD_RESULT: SearchResult = result([
  listing(1),
  listing(2, { make: { code: 'TOYOTA', name: 'Toyota' }, model: { code: 'CAMRY', name: 'Camry' } }),
]);
const F150 = { makeCode: 'FORD', makeName: 'Ford', modelCodes: ['F150'], modelName: 'F-150' };
const MACH_E = {
  selectedMakeDescription: 'Ford',
  selectedModelDescription: 'Mustang',
  suggestedMakeDescription: 'Ford',
  suggestedModelDescription: 'Mustang Mach-E',
  suggestedMakeCode: 'FORD',
  suggestedModelCode: 'MACHE',
};
const MUSTANG_RESULT: SearchResult = { ...FORD_RESULT, suggestedModels: [MACH_E] };
const MACH_E_SUGGESTION = { makeCode: 'FORD', makeName: 'Ford', modelCodes: ['MACHE'], modelName: 'Mustang Mach-E' };

function clearCookie() {
  document.cookie = `${CLARIFICATION_COOKIE}=; Max-Age=0; Path=/cars-for-sale`;
  document.cookie = `${CLARIFICATION_COOKIE}=; Max-Age=0`;
}
beforeEach(() => {
  window.history.pushState({}, '', '/cars-for-sale');
  clearCookie();
});

describe('modelClarification', () => {
  it.each<[string, SearchQuery, string[], typeof F150 | null]>([
    ['a keyword naming a model of the results', { keywordPhrases: 'f150' }, [], F150],
    ['the model name written differently, among other words', { keywordPhrases: 'blue F-150 crew' }, [], F150],
    [
      'another model of the results',
      { keywordPhrases: 'camry' },
      [],
      { makeCode: 'TOYOTA', makeName: 'Toyota', modelCodes: ['CAMRY'], modelName: 'Camry' },
    ],
    ['no keyword', {}, [], null],
    ['a keyword naming no model', { keywordPhrases: 'sunroof' }, [], null],
    ['a model already chosen', { keywordPhrases: 'f150', modelCode: ['MUST'] }, [], null],
    ['turned off for that model', { keywordPhrases: 'f150' }, ['F150'], null],
    ['turned off for another model only', { keywordPhrases: 'f150' }, ['CAMRY'], F150],
  ])('%s', (_name, query, off, expected) => {
    expect(modelClarification(query, FORD_RESULT, off)).toEqual(expected);
  });

  it.each<[string, SearchQuery, SearchResult, string[], typeof F150 | null]>([
    ["the answer's suggested model item", { makeCode: ['FORD'], modelCode: ['MUSTANG'] }, MUSTANG_RESULT, [], MACH_E_SUGGESTION],
    ['before a keyword naming a model', { keywordPhrases: 'f150' }, MUSTANG_RESULT, [], MACH_E_SUGGESTION],
    ['turned off: the keyword next', { keywordPhrases: 'f150' }, MUSTANG_RESULT, ['MACHE'], F150],
    ['its model chosen already', { modelCode: ['MUSTANG', 'MACHE'] }, MUSTANG_RESULT, [], null],
    [
      'an item without a model code',
      { modelCode: ['MUSTANG'] },
      { ...FORD_RESULT, suggestedModels: [{ ...MACH_E, suggestedModelCode: '' }] },
      [],
      null,
    ],
    [
      'an item without descriptions (named by its codes)',
      { modelCode: ['MUSTANG'] },
      { ...FORD_RESULT, suggestedModels: [{ ...MACH_E, suggestedMakeDescription: '', suggestedModelDescription: '' }] },
      [],
      { makeCode: 'FORD', makeName: 'FORD', modelCodes: ['MACHE'], modelName: 'MACHE' },
    ],
  ])('%s', (_name, query, answer, off, expected) => {
    expect(modelClarification(query, answer, off)).toEqual(expected);
  });

  it('has nothing to suggest without a result', () => {
    expect(modelClarification({ keywordPhrases: 'f150' }, null, [])).toBeNull();
  });
});

describe('the clarification cookie', () => {
  it.each<[string, string, string[]]>([
    ['no cookie', '', []],
    ['other cookies only', 'a=1; b=2', []],
    ['codes', `a=1; ${CLARIFICATION_COOKIE}=F150%2CCAMRY`, ['F150', 'CAMRY']],
    ['malformed codes are dropped', `${CLARIFICATION_COOKIE}=F150%2C%3Cscript%3E`, ['F150']],
    ['a value that does not decode', `${CLARIFICATION_COOKIE}=%E0%A4%A`, []],
  ])('reads %s', (_name, cookie, expected) => {
    expect(turnedOffModels(cookie)).toEqual(expected);
  });

  it('adds codes to those already stored, once each, for a year on the search path', () => {
    expect(turnOffCookie(`${CLARIFICATION_COOKIE}=CAMRY`, ['F150', 'CAMRY'])).toBe(
      `${CLARIFICATION_COOKIE}=CAMRY%2CF150; Max-Age=31536000; Path=/cars-for-sale; SameSite=Lax`,
    );
  });
});

describe('withSuggestedModel', () => {
  it.each<[SearchQuery, SearchQuery]>([
    [{ keywordPhrases: 'f150' }, { keywordPhrases: 'f150', makeCode: ['FORD'], modelCode: ['F150'] }],
    [{ makeCode: ['FORD'] }, { makeCode: ['FORD'], modelCode: ['F150'] }],
    [
      { makeCode: ['BMW'], modelCode: ['X5'] },
      { makeCode: ['BMW', 'FORD'], modelCode: ['X5', 'F150'] },
    ],
  ])('%o → %o', (query, expected) => expect(withSuggestedModel(query, F150)).toEqual(expected));
});

/** The panel's search as the bus has it, so the clarification follows the settled search. */
function Placed() {
  const search = useShared((s) => s.search);
  return <ModelClarification search={search} />;
}

const question = () => screen.queryByRole('dialog', { name: 'Did you mean the Ford F-150?' });

describe('the clarification in the panel', () => {
  it("'Yes' adds the suggested make and model", async () => {
    const user = userEvent.setup();
    const { published } = renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT, settle: true });
    await user.click(within(question()!).getByRole('button', { name: MESSAGES.clarificationYes }));
    expect(published).toEqual([{ keywordPhrases: 'f150', makeCode: ['FORD'], modelCode: ['F150'] }]);
    expect(question()).not.toBeInTheDocument();
  });

  it("'No' dismisses it without a search or a cookie", async () => {
    const user = userEvent.setup();
    const { published } = renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT });
    await user.click(within(question()!).getByRole('button', { name: MESSAGES.clarificationNo }));
    expect(question()).not.toBeInTheDocument();
    expect(published).toEqual([]);
    expect(document.cookie).not.toContain(CLARIFICATION_COOKIE);
  });

  it('"Don\'t show me this again" stores the model codes and it never returns for them', async () => {
    const user = userEvent.setup();
    const first = renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT });
    await user.click(within(question()!).getByRole('button', { name: MESSAGES.clarificationNeverAgain }));
    expect(question()).not.toBeInTheDocument();
    expect(turnedOffModels(document.cookie)).toEqual(['F150']);
    expect(first.published).toEqual([]);
    first.unmount();
    renderControl(<Placed />, { query: { keywordPhrases: 'F-150 xlt' }, result: FORD_RESULT });
    expect(question()).not.toBeInTheDocument();
    // Another model still asks.
    renderControl(<Placed />, { query: { keywordPhrases: 'camry' }, result: FORD_RESULT });
    expect(screen.getByRole('dialog', { name: 'Did you mean the Toyota Camry?' })).toBeInTheDocument();
  });

  it('opens as a modal with focus on Yes, and works by keyboard', async () => {
    const user = userEvent.setup();
    const { published } = renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT, settle: true });
    expect(within(question()!).getByRole('button', { name: MESSAGES.clarificationYes })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(published).toHaveLength(1);
  });

  it('Escape dismisses it without a search', async () => {
    const user = userEvent.setup();
    const { published } = renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT });
    await user.keyboard('{Escape}');
    expect(question()).not.toBeInTheDocument();
    expect(published).toEqual([]);
  });

  it("asks about the answer's suggested model, and 'Yes' adds it beside the chosen one", async () => {
    const user = userEvent.setup();
    const { published } = renderControl(<Placed />, {
      query: { makeCode: ['FORD'], modelCode: ['MUSTANG'] },
      result: MUSTANG_RESULT,
      settle: true,
    });
    const dialog = screen.getByRole('dialog', { name: 'Did you mean the Ford Mustang Mach-E?' });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.clarificationYes }));
    expect(published).toEqual([{ makeCode: ['FORD'], modelCode: ['MUSTANG', 'MACHE'] }]);
  });

  it('waits while another modal of the page is open', () => {
    renderControl(<Placed />, { query: { keywordPhrases: 'f150' }, result: FORD_RESULT, modal: 'mf-compare:comparison' });
    expect(question()).not.toBeInTheDocument();
  });
});

describe('the server render', () => {
  // The server does not know the cookie: it leaves the question to the browser and, when there
  // may be one to ask, has the panel's code loaded at once rather than when the shopper reaches it.
  const serverHtml = (query: SearchQuery) =>
    renderToString(
      <BusContext.Provider value={createBus({ search: { ...initialState().search, query, result: FORD_RESULT, status: 'success' } })}>
        <Placed />
      </BusContext.Provider>,
    );

  it('asks for the code at once when the keyword names a model of the results', () => {
    const html = serverHtml({ keywordPhrases: 'f150' });
    expect(html).toContain(WANTED_NOW_ATTR);
    expect(html).not.toContain('Did you mean');
  });

  it('asks for nothing when there is no model to suggest', () => {
    expect(serverHtml({ keywordPhrases: 'sunroof' })).toBe('');
  });
});
