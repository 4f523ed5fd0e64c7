import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeBus, renderFilters } from './helpers';

function setScreen(small: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: small,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

describe('layout', () => {
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('docks the panel on large screens', () => {
    setScreen(false);
    renderFilters(makeBus({}));
    expect(screen.getByRole('combobox', { name: 'Make' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it("on small screens a 'Filters' button opens a sheet headed 'Filters'; 'See Results' closes it and focus returns", async () => {
    setScreen(true);
    renderFilters(makeBus({}));
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Filters' });
    await userEvent.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(screen.getByRole('heading', { name: 'Filters' })).toHaveFocus();
    expect(sheet).toContainElement(screen.getByRole('combobox', { name: 'Make' }));
    await userEvent.tab();
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'See Results' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('Save Search in the sheet closes it first, so what the alerts region shows next is reachable', async () => {
    setScreen(true);
    const bus = makeBus({ makeCode: ['FORD'] });
    const asked: unknown[] = [];
    bus.on('alerts:save-search', (e) => asked.push(e));
    renderFilters(bus);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save Search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toEqual([{ query: { makeCode: ['FORD'] } }]);
  });

  it('closes the sheet with Escape from the keyboard', async () => {
    setScreen(true);
    renderFilters(makeBus({}));
    screen.getByRole('button', { name: 'Filters' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});
