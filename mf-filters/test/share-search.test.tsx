import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHARE_SEARCH_TEXTS } from '../src/components/ShareSearch';
import { makeBus, renderFilters } from './helpers';

describe("the shareable-link modal (page-furniture §2 'Modals')", () => {
  const writeText = jest.fn();
  /** userEvent brings a clipboard of its own: this one replaces it after. */
  const setup = () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    return user;
  };
  beforeEach(() => {
    writeText.mockReset();
    window.history.replaceState(null, '', '/cars-for-sale?zip=30301&makeCode=FORD');
  });

  it("opens from the Your Search card with the search's link, copies it, says so, and closes back to its button", async () => {
    writeText.mockResolvedValue(undefined);
    const user = setup();
    renderFilters(makeBus({ zip: '30301', makeCode: ['FORD'] }));
    const card = screen.getByRole('region', { name: 'Your Search' });
    const open = within(card).getByRole('button', { name: SHARE_SEARCH_TEXTS.open });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: SHARE_SEARCH_TEXTS.heading });
    expect(within(dialog).getByRole('textbox', { name: SHARE_SEARCH_TEXTS.linkLabel })).toHaveValue(
      'http://localhost/cars-for-sale?zip=30301&makeCode=FORD',
    );
    const copy = within(dialog).getByRole('button', { name: SHARE_SEARCH_TEXTS.copy });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('http://localhost/cars-for-sale?zip=30301&makeCode=FORD');
    expect(within(dialog).getByRole('status')).toHaveTextContent(SHARE_SEARCH_TEXTS.copied);
    await user.click(within(dialog).getByRole('button', { name: SHARE_SEARCH_TEXTS.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('a copy the browser refuses selects the link and says to copy it from the field', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const user = setup();
    renderFilters(makeBus({}));
    await user.click(screen.getByRole('button', { name: SHARE_SEARCH_TEXTS.open }));
    const dialog = screen.getByRole('dialog', { name: SHARE_SEARCH_TEXTS.heading });
    await user.click(within(dialog).getByRole('button', { name: SHARE_SEARCH_TEXTS.copy }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(SHARE_SEARCH_TEXTS.copyFailed);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
