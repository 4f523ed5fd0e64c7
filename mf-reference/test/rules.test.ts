import type { SearchQuery } from '@cfs/contracts';
import { pageType } from '@cfs/search-query';
import { tabsForPageType, tabKeyTarget } from '../src/rules/tabs';
import { consumerReviewsWanted, readRatings } from '../src/rules/ratings';
import { mileageFaq, mileageFaqShows, readMileageStats, isUsedSearch } from '../src/rules/faq';
import { featureValue, fuelFilterDefault, fuelFilterName, economyText } from '../src/rules/trims';
import { readSafety, safetyValue } from '../src/rules/safety';
import { readExpertReviews } from '../src/rules/expert-reviews';
import { editorialTabs, carouselStep } from '../src/rules/editorial';
import { programsForMake, readCertifiedPrograms, certifiedShows } from '../src/rules/certified';
import { referenceYear } from '../src/rules/selected-model';
import { htmlToText } from '../src/rules/text';
import { CERTIFIED, REVIEWS } from './fixtures';

const MM: SearchQuery = { makeCode: ['FORD'], modelCode: ['F150'] };

describe('tabsForPageType (by the page type of search-query)', () => {
  it.each<[SearchQuery, string[]]>([
    [MM, ['pricing', 'compare-trims', 'safety', 'consumer-reviews', 'faqs']],
    [{ ...MM, startYear: 2022, endYear: 2022 }, ['pricing', 'compare-trims', 'safety', 'consumer-reviews', 'faqs']],
    [{ ...MM, trimCode: ['F150|XLT'] }, ['pricing', 'safety', 'faqs']],
    [{ ...MM, trimCode: ['F150|XLT'], startYear: 2022, endYear: 2022 }, ['pricing', 'safety', 'faqs']],
    [{ makeCode: ['FORD'] }, []],
    [{ vehicleStyleCode: ['TRUCKS'] }, []],
    [{}, []],
  ])('%j', (q, tabs) => expect(tabsForPageType(pageType(q))).toEqual(tabs));
});

describe('tabKeyTarget', () => {
  it.each<[string, number, number | null]>([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 4, 0],
    ['ArrowLeft', 0, 4],
    ['Home', 3, 0],
    ['End', 1, 4],
    ['Enter', 1, null],
  ])('%s from %i of 5', (key, from, to) => expect(tabKeyTarget(key, from, 5)).toBe(to));
});

describe('consumerReviewsWanted (page-furniture §5)', () => {
  it.each<[string, SearchQuery, number | null, boolean]>([
    ['make, model and a year', MM, 2024, true],
    ['no year known', MM, null, false],
    ['two models', { ...MM, modelCode: ['F150', 'F250'] }, 2024, false],
    ['a trim', { ...MM, trimCode: ['F150|XLT'] }, 2024, false],
    ['used', { ...MM, listingType: ['USED'] }, 2024, true],
    ['new', { ...MM, listingType: ['NEW'] }, 2024, false],
    ['certified', { ...MM, listingType: ['CERTIFIED'] }, 2024, false],
    ['private seller', { ...MM, sellerType: ['PRIVATE'] }, 2024, false],
    ['dealer', { ...MM, sellerType: ['d'] }, 2024, true],
    ['style', { ...MM, vehicleStyleCode: ['TRUCKS'] }, 2024, false],
    ['drive', { ...MM, driveGroup: ['AWD4WD'] }, 2024, false],
    ['engine', { ...MM, engineCode: ['6CLDR'] }, 2024, false],
    ['fuel', { ...MM, fuelTypeGroup: ['GSL'] }, 2024, false],
    ['min price only', { ...MM, minPrice: 1000 }, 2024, false],
    ['both price bounds', { ...MM, minPrice: 1000, maxPrice: 9000 }, 2024, true],
    ['mpg range', { ...MM, mpgRange: '30-40' }, 2024, false],
  ])('%s', (_, q, year, wanted) => expect(consumerReviewsWanted(q, year)).toBe(wanted));
});

describe('mileage FAQ rule', () => {
  const stats = (o: Record<string, unknown>) => readMileageStats({ count: 10, averageMiles: 40000, ...o });
  const USED: SearchQuery = { ...MM, listingType: ['USED'] };
  it.each<[string, SearchQuery, number, Record<string, unknown>, boolean]>([
    ['used, 15 results, count 2', USED, 15, { count: 2 }, true],
    ['used, 14 results', USED, 14, {}, false],
    ['used, count 1', USED, 100, { count: 1 }, false],
    ['new', { ...MM, listingType: ['NEW'] }, 100, {}, false],
    ['used and new', { ...MM, listingType: ['USED', 'NEW'] }, 100, {}, false],
    ['certified (a used kind)', { ...MM, listingType: ['CERTIFIED'] }, 100, {}, true],
    ['no listing type', MM, 100, {}, false],
    ['average over 250000 ignored', USED, 100, { averageMiles: 250001 }, false],
    ['average 0 ignored', USED, 100, { averageMiles: 0 }, false],
    ['average 250000 kept', USED, 100, { averageMiles: 250000 }, true],
  ])('%s', (_, q, total, o, shows) => expect(mileageFaqShows(q, total, stats(o))).toBe(shows));

  const faq = (o: Record<string, unknown>) =>
    mileageFaq('Ford F-150', readMileageStats({ count: 10, averageMiles: 40000, percentModel: 30, percentAllCar: 40, ...o })).answer;
  it.each<[string, Record<string, unknown>, string]>([
    ['no difference given', {}, '30% of them have over 50,000 miles, compared with 40% of all cars.'],
    [
      'fewer than all cars',
      { difference: -10, maxDifference: 100 },
      '30% of them have over 50,000 miles: 10 points fewer than all cars (40%).',
    ],
    [
      'one point more',
      { percentModel: 41, difference: 1, maxDifference: 100 },
      '41% of them have over 50,000 miles: 1 point more than all cars (40%).',
    ],
    ['a difference past its scale is not told', { difference: 140, maxDifference: 100 }, 'compared with 40% of all cars.'],
    ['no scale, no difference', { difference: -10 }, 'compared with 40% of all cars.'],
    ['the count over the threshold', { highestMileageCount: 1 }, '30% of them (1 car) have over 50,000 miles'],
    ['the highest mileage', { mileageMax: 201000 }, 'The highest mileage among them is 201,000 miles.'],
  ])('the answer tells %s', (_, o, text) => expect(faq(o)).toContain(text));

  it('reads the compared shares, leaving out any it cannot show', () => {
    const stats = readMileageStats({
      count: 3,
      averageMiles: 1,
      facetStatsCalculate: [{ name: 'Over 50,000 miles', percent: 30 }, { name: '', percent: 4 }, { name: 'All cars', percent: 140 }, null],
    });
    expect(stats.facetStats).toEqual([{ name: 'Over 50,000 miles', percent: 30 }]);
    expect(mileageFaq('Ford F-150', stats).figures).toEqual([{ name: 'Over 50,000 miles', value: '30%' }]);
  });

  it('ignores mileage values over 250000 or 0 and below', () => {
    expect(readMileageStats({ count: 5, averageMiles: -3, mileageMax: 300000, mileagePerYearMean: 12000 })).toMatchObject({
      averageMiles: null,
      mileageMax: null,
      mileagePerYearMean: 12000,
    });
    expect(isUsedSearch({ listingType: ['USED', '3P_CERT'] })).toBe(true);
  });
});

describe('feature-id mapping and fuel default', () => {
  const specs = [
    { id: '546', value: 'Standard' },
    { id: 561, value: 'optional' },
    { id: '610', value: 'Not Available' },
    { id: '170', value: 'Maybe' },
  ];
  it.each<[string, string | null]>([
    ['546', 'Standard'],
    ['561', 'Optional'],
    ['610', 'Not Available'],
    ['170', null],
    ['578', null],
  ])('spec id %s', (id, value) => expect(featureValue(specs, id)).toBe(value));

  it.each<[SearchQuery, string]>([
    [{}, 'All'],
    [{ fuelTypeGroup: ['GSL'] }, 'Gas'],
    [{ fuelTypeGroup: ['HYB'] }, 'Hybrid'],
    [{ fuelTypeGroup: ['PIH'] }, 'Plug-in Hybrid'],
    [{ fuelTypeGroup: ['ELE'] }, 'Electric'],
    [{ fuelTypeGroup: ['GSL', 'HYB'] }, 'All'],
    [{ fuelTypeGroup: ['XYZ'] }, 'All'],
  ])('fuel default of %j', (q, fuel) => expect(fuelFilterDefault(q)).toBe(fuel));

  it('names fuel groups as the filter shows them and reads MPG or MPGe', () => {
    expect(fuelFilterName('gsl')).toBe('Gas');
    expect(economyText({ epaCity: null, epaHwy: null, epaMpgeCity: 120, epaMpgeHwy: 105 })).toBe('120 city / 105 highway MPGe');
    expect(economyText({ epaCity: null, epaHwy: null, epaMpgeCity: null, epaMpgeHwy: null })).toBeNull();
  });
});

describe('content rules', () => {
  it.each<[string, string, string]>([
    ['std', 'Safety Features', 'Standard'],
    ['opt', 'Safety Features', 'Optional'],
    ['4', 'Safety Ratings', '4 out of 5 stars'],
    ['Not Rated', 'Safety Ratings', 'Not Rated'],
  ])('safety value %s in %s', (v, g, out) => expect(safetyValue(v, g as never)).toBe(out));

  it('reads safety groups in the spec order and drops unknown groups', () => {
    const groups = readSafety({
      groups: [
        { name: 'Other', features: [] },
        { name: 'Safety Features', features: [{ label: 'ABS', value: 'std' }] },
      ],
    });
    expect(groups).toEqual([{ name: 'Safety Features', features: [{ label: 'ABS', value: 'Standard' }] }]);
  });

  it('caps expert reviews at 2 and keeps titles as text', () => {
    const reviews = readExpertReviews(REVIEWS);
    expect(reviews).toHaveLength(2);
    expect(reviews[0].title).toBe('2024 Ford F-150 Review – part 1');
    expect(htmlToText('<img src=x onerror=alert(1)>Hi &lt;b&gt;')).toBe('Hi <b>');
  });

  it("puts 'Overall Rating' first; no reviews means no ratings", () => {
    expect(
      readRatings({
        ratings: [
          { name: 'A', value: 3 },
          { name: 'Overall Rating', value: 4 },
        ],
        numberOfReviews: 2,
      }).ratings[0].name,
    ).toBe('Overall Rating');
    expect(readRatings({ ratings: [{ name: 'Overall Rating', value: 4 }], numberOfReviews: 0 }).ratings).toEqual([]);
  });

  it('makes at most two editorial tabs, one per category, and steps the carousel by three', () => {
    const a = (category: string, k: number) => ({ link: `/a/${k}`, title: `t${k}`, category });
    const tabs = editorialTabs([a('X', 1), a('Y', 2), a('X', 3), a('Z', 4)]);
    expect(tabs.map((t) => [t.category, t.articles.length])).toEqual([
      ['X', 2],
      ['Y', 1],
    ]);
    expect(carouselStep(0, 7)).toEqual({ prev: null, next: 3 });
    expect(carouselStep(6, 7)).toEqual({ prev: 3, next: null });
  });

  it("finds a make's certified programs, groups included, never the third-party one", () => {
    const programs = readCertifiedPrograms(CERTIFIED);
    expect(programsForMake(programs, 'ford').map((p) => p.productId)).toEqual(['FORD_GOLD_CERT']);
    expect(programsForMake(programs, 'CHEV').map((p) => p.productId)).toEqual(['GM_CERT']);
    expect(programsForMake(programs, 'HONDA')).toEqual([]);
    expect(certifiedShows({ listingType: ['NEW'] })).toBe(false);
    expect(certifiedShows({ listingType: ['USED'] })).toBe(true);
  });

  it.each<[SearchQuery, number[] | null, number | null]>([
    [{ startYear: 2021, endYear: 2021 }, [2024], 2021],
    [{ startYear: 2020, endYear: 2022 }, [2022, 2024, 2023], 2024],
    [{}, null, null],
    [{}, [], null],
  ])('reference year of %j with model years %j', (q, years, year) => expect(referenceYear(q, years)).toBe(year));
});
