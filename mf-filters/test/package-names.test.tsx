import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@cfs/contracts';
import { answer } from '@cfs/test-kit';
import { packageNamesUrl, packageOptions, readPackageNames } from '../src/rules/package-names';
import { makeBus, renderFilters, RESULT } from './helpers';

describe('the packages lookup (search-results §3, §7)', () => {
  it.each([
    [{ makeCode: ['FORD'] }, null],
    [{ makeCode: ['FORD'], modelCode: ['F150'] }, '/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150'],
    [
      { makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'] },
      '/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150&trimCode=XLT',
    ],
    [
      { makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT', 'XL'] },
      '/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150',
    ],
    [{ makeCode: ['FORD'], modelCode: ['F150', 'MUSTANG'] }, null],
    [{ makeCode: ['FORD', 'CHEV'], modelCode: ['F150'] }, null],
  ])('%o asks %s', (query, url) => {
    expect(packageNamesUrl(query)).toBe(url);
  });

  it('reads the package names, and anything else as a failure', () => {
    expect(readPackageNames({ results: { packageNames: ['Tow Package', 'Tow Package', '', 7, 'FX4'] } })).toEqual(['Tow Package', 'FX4']);
    expect(() => readPackageNames({ error: 'Request timed out' })).toThrow();
    expect(() => readPackageNames(null)).toThrow();
  });

  it("counts the names from the facet, in the lookup's order", () => {
    expect(packageOptions(['FX4', 'Tow Package'], [{ value: 'Tow Package', label: 'Tow Package', count: 12 }])).toEqual([
      { value: 'FX4', label: 'FX4', count: NaN, unlisted: true },
      { value: 'Tow Package', label: 'Tow Package', count: 12 },
    ]);
  });
});

describe('the Package filter', () => {
  const result: SearchResult = {
    ...RESULT,
    filters: {
      ...RESULT.filters,
      // The facet lists every package of the catalogue, most with nothing in these results.
      packages: {
        options: [
          { value: 'Tow Package', label: 'Tow Package', count: 143 },
          { value: 'Z71 Off-Road Package', label: 'Z71 Off-Road Package', count: 0 },
        ],
      },
    },
  };
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  /** The packages lookup answers `res`; every other call of the panel never settles. */
  const lookup = (res: ReturnType<typeof answer>) =>
    fetchMock.mockImplementation((url: string) =>
      String(url).includes('/searchoptions/packages') ? Promise.resolve(res) : new Promise(() => {}),
    );
  const packageBox = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Package' }));
    // The lookup goes out one task after the list renders, and its answer arrives.
    await act(() => new Promise<void>((r) => setTimeout(r, 0)));
    await act(() => new Promise<void>((r) => setTimeout(r, 0)));
    return document.getElementById(screen.getByRole('button', { name: 'Package' }).getAttribute('aria-controls')!)!;
  };
  const names = (root: HTMLElement) =>
    within(root)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')!.textContent);

  it("offers the chosen model's packages from the lookup, counted from the facet", async () => {
    lookup(answer({ results: { packageNames: ['Tow Package', 'FX4 Off-Road Package'] } }));
    renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }, { result }));
    const box = await packageBox();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150',
    );
    expect(names(box)).toEqual(['Tow Package (143)', 'FX4 Off-Road Package']);
  });

  it("keeps the facet's packages when the lookup fails ('Request timed out', an open breaker)", async () => {
    lookup(answer({ error: 'Request timed out' }, 503));
    renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }, { result }));
    const box = await packageBox();
    expect(names(box)).toEqual(['Tow Package (143)', 'Z71 Off-Road Package (0)']);
  });
});
