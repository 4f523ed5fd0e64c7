import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type SearchQuery } from '@cfs/contracts';
import { PriceFilter } from '../src/components/PriceFilter';
import { blurPrice } from '../src/rules/price-field';
import { renderControl } from './helpers';

function setup(query: SearchQuery = {}) {
  // Like the shell: the new query is in force (settled at once here).
  const { bus, published } = renderControl(<PriceFilter />, { query, settle: true });
  return {
    bus,
    published,
    min: screen.getByRole('textbox', { name: 'Min Price' }),
    max: screen.getByRole('textbox', { name: 'Max Price' }),
  };
}

describe('Price: field text (page-furniture §5)', () => {
  it.each([
    ['12000', 12000],
    ['$12000', 12000],
    ['$12,000', 12000],
    ['1,234,567', 1234567],
    ['$1,234,567', 1234567],
  ])('accepts %s', (text, value) => {
    expect(blurPrice('min', '', text, {})).toEqual(expect.objectContaining({ kind: 'valid', next: { minPrice: value } }));
  });

  it.each(['12000.50', '012000', '12,00', '12a00', '$', '-5', '12 000', '$12,000,000'])('refuses %s and drops the bound', (text) => {
    expect(blurPrice('min', '$5,000', text, { minPrice: 5000, makeCode: ['FORD'] })).toEqual({
      kind: 'error',
      message: null,
      next: { makeCode: ['FORD'] },
    });
  });

  it('validates nothing when the text did not change', () => {
    expect(blurPrice('max', '$20,000', '$20,000', { maxPrice: 20000 })).toEqual({ kind: 'unchanged' });
  });

  it("checks a field against the other bound in force, with the spec's messages", () => {
    expect(blurPrice('max', '', '0', {})).toMatchObject({ kind: 'error', message: MESSAGES.priceMaxPositive });
    expect(blurPrice('max', '', '10000', { minPrice: 10000 })).toMatchObject({ kind: 'error', message: MESSAGES.priceSame });
    expect(blurPrice('max', '', '9000', { minPrice: 10000 })).toMatchObject({ kind: 'error', message: MESSAGES.priceMaxGreater });
    expect(blurPrice('min', '', '30000', { maxPrice: 20000 })).toMatchObject({ kind: 'error', message: MESSAGES.priceMaxGreater });
    expect(blurPrice('min', '', '20000', { maxPrice: 20000 })).toMatchObject({ kind: 'error', message: MESSAGES.priceSame });
    expect(blurPrice('min', '', '10000', { maxPrice: 20000 })).toEqual({
      kind: 'valid',
      text: '$10,000',
      next: { minPrice: 10000, maxPrice: 20000 },
    });
  });
});

describe('Price filter', () => {
  it('searches a valid min price when the field is left (the shell resets paging), and shows it formatted', async () => {
    const { min, published } = setup({ makeCode: ['FORD'], firstRecord: 48 });
    await userEvent.type(min, '12000');
    expect(published).toEqual([]);
    await userEvent.tab();
    expect(published).toEqual([{ makeCode: ['FORD'], minPrice: 12000, firstRecord: 48 }]);
    expect(min).toHaveValue('$12,000');
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('Enter leaves the field (and so validates it)', async () => {
    const { max, published } = setup();
    await userEvent.type(max, '$25,000{Enter}');
    expect(max).not.toHaveFocus();
    expect(published).toEqual([{ maxPrice: 25000 }]);
  });

  it("announces 'Max price must be greater than 0.', clears the field and ties the message to it", async () => {
    const { max, published } = setup();
    await userEvent.type(max, '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.priceMaxPositive);
    expect(max).toHaveValue('');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription(MESSAGES.priceMaxPositive);
    expect(published).toEqual([]);
  });

  it("announces 'Min and Max price cannot be the same.'", async () => {
    const { max, published } = setup({ minPrice: 10000 });
    await userEvent.type(max, '10,000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.priceSame);
    expect(max).toHaveValue('');
    expect(published).toEqual([]);
  });

  it("announces 'Max price must be greater than Min price.' for a min above the max, and drops that min", async () => {
    const { min, published } = setup({ minPrice: 5000, maxPrice: 20000 });
    expect(min).toHaveValue('$5,000');
    await userEvent.clear(min);
    await userEvent.type(min, '30000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.priceMaxGreater);
    expect(min).toHaveValue('');
    expect(min).toHaveAccessibleDescription(MESSAGES.priceMaxGreater);
    expect(published).toEqual([{ maxPrice: 20000 }]);
  });

  it('clears a text that is not a price (decimals, leading zero) without a search', async () => {
    const { min, published } = setup();
    await userEvent.type(min, '1200.50{Enter}');
    expect(min).toHaveValue('');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(min, '0500{Enter}');
    expect(min).toHaveValue('');
    expect(published).toEqual([]);
  });

  it('takes at most 10 characters', async () => {
    const { max } = setup();
    await userEvent.type(max, '$1,000,000,000');
    expect(max).toHaveValue('$1,000,000');
  });

  it('validates on blur only if the value changed: leaving an untouched field does nothing', async () => {
    const { min, max, published } = setup({ minPrice: 20000, maxPrice: 20000 });
    await userEvent.click(min);
    await userEvent.click(max);
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(published).toEqual([]);
  });

  it('editing the field in error removes the message', async () => {
    const { max } = setup();
    await userEvent.type(max, '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.priceMaxPositive);
    await userEvent.type(max, '5');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(max).not.toHaveAttribute('aria-invalid');
  });

  it('emptying a field drops its bound; a range changed elsewhere is shown', async () => {
    const { bus, min, max, published } = setup({ minPrice: 5000, maxPrice: 9000 });
    await userEvent.clear(max);
    await userEvent.tab();
    expect(published).toEqual([{ minPrice: 5000 }]);
    act(() => bus.update('search', { query: { maxPrice: 40000 } }));
    expect(await screen.findByDisplayValue('$40,000')).toBe(max);
    expect(min).toHaveValue('');
  });
});
