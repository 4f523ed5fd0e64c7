import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeatureFlags, SearchQuery } from '@cfs/contracts';
import { KeywordSearch } from '../src/components/KeywordSearch';
import { withKeyword } from '../src/rules/keyword';
import { renderControl } from './helpers';

function setup(query: SearchQuery = {}, flags: Partial<FeatureFlags> = {}) {
  const { bus, published } = renderControl(<KeywordSearch />, { query, flags, settle: true });
  return { bus, published };
}

describe('keyword rules', () => {
  it('sets the phrase trimmed, and removes the keyword when empty', () => {
    expect(withKeyword({ makeCode: ['FORD'] }, '  heated   seats ')).toEqual({ makeCode: ['FORD'], keywordPhrases: 'heated seats' });
    expect(withKeyword({ keywordPhrases: 'red' }, '   ')).toEqual({});
  });
});

describe('Keyword search', () => {
  it('opens a labelled modal dialog with focus in its field; Search sets the keyword (the shell resets paging) and focus goes back', async () => {
    const { published } = setup({ makeCode: ['FORD'], firstRecord: 24 });
    const trigger = screen.getByRole('button', { name: 'Keyword Search' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Keyword Search' });
    const field = screen.getByRole('searchbox', { name: 'Keyword' });
    expect(dialog).toContainElement(field);
    expect(field).toHaveFocus();
    await userEvent.type(field, 'Mustang GT{Enter}');
    expect(published).toEqual([{ makeCode: ['FORD'], keywordPhrases: 'Mustang GT', firstRecord: 24 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(screen.getByText('Keyword: Mustang GT')).toBeInTheDocument();
  });

  it('Escape closes it without a search, focus back on the trigger', async () => {
    const { published } = setup();
    const trigger = screen.getByRole('button', { name: 'Keyword Search' });
    await userEvent.click(trigger);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'red');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(published).toEqual([]);
  });

  it("'Close Keyword Search' closes it; the field shows the keyword in force, and emptying it removes the keyword", async () => {
    const { published } = setup({ keywordPhrases: 'sunroof' });
    await userEvent.click(screen.getByRole('button', { name: 'Keyword Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close Keyword Search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keyword Search' }));
    const field = screen.getByRole('searchbox', { name: 'Keyword' });
    expect(field).toHaveValue('sunroof');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(published).toEqual([{}]);
  });

  it('keeps the dialog open when the change is ignored while a search is in flight', async () => {
    const { bus, published } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Keyword Search' }));
    act(() => bus.update('search', { status: 'loading' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'red{Enter}');
    expect(published).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Keyword Search' })).toBeInTheDocument();
  });

  it('is absent without the keywordSearch flag', () => {
    setup({}, { keywordSearch: false });
    expect(screen.queryByRole('button', { name: 'Keyword Search' })).not.toBeInTheDocument();
  });
});
