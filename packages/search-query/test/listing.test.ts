import type { Listing } from '@cfs/contracts';
import { PRICE_MISSING, priceText, primaryImage, resetPaging, resultCountText, safeHref, vdpHref } from '../src';
import { electricRangeText, fuelEconomyText, paymentText } from '../src';

const images = (sources: { src: string; alt: string }[], primary = 0) => ({ images: { sources, primary } }) as Pick<Listing, 'images'>;

describe('price text', () => {
  it('writes a sale price as $12,345, and one wording when there is none', () => {
    expect(priceText(23456)).toBe('$23,456');
    for (const missing of [undefined, null, 0, -5, NaN, Infinity, '100']) expect(priceText(missing)).toBe(PRICE_MISSING);
    expect(PRICE_MISSING).toBe('Contact for price');
  });
});

describe('vehicle detail link', () => {
  it('is the base URL plus a click type; pricing details use the anchor #pricingDetails', () => {
    expect(vdpHref('/cars-for-sale/vehicle/1', 'listing')).toBe('/cars-for-sale/vehicle/1?clickType=listing');
    expect(vdpHref('/v/1?x=1', 'spotlight')).toBe('/v/1?x=1&clickType=spotlight');
    expect(vdpHref('/v/1', 'listing', 'pricingDetails')).toBe('/v/1?clickType=listing#pricingDetails');
    expect(vdpHref('https://www.example.com/v/1', 'listing')).toBe('https://www.example.com/v/1?clickType=listing');
  });

  it('is sanitised: no link for script, data or protocol-relative URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example/v',
      '/\\evil.example',
      'https:///x',
      '',
      undefined,
      42,
    ]) {
      expect(vdpHref(bad, 'listing')).toBeUndefined();
      expect(safeHref(bad)).toBeUndefined();
    }
  });
});

describe('primary image', () => {
  it('is sources[primary], else the first source; its alt falls back to the title', () => {
    const two = images(
      [
        { src: '/a.jpg', alt: 'Side' },
        { src: '/b.jpg', alt: 'Front' },
      ],
      1,
    );
    expect(primaryImage(two, 'T')).toEqual({ src: '/b.jpg', alt: 'Front' });
    expect(primaryImage(images([{ src: '/only.jpg', alt: ' ' }], 7), '2020 Ford')).toEqual({ src: '/only.jpg', alt: '2020 Ford' });
  });

  it('is null with no source or an unsafe one', () => {
    expect(primaryImage(images([]), 'T')).toBeNull();
    expect(primaryImage(images([{ src: 'javascript:x', alt: '' }]), 'T')).toBeNull();
    expect(primaryImage({} as Pick<Listing, 'images'>, 'T')).toBeNull();
  });
});

describe('paging and the results count', () => {
  it('a reset search starts at the first record and keeps everything else', () => {
    const q = { makeCode: ['FORD'], firstRecord: 48, numRecords: 24 };
    expect(resetPaging(q)).toEqual({ makeCode: ['FORD'], numRecords: 24 });
    expect(q.firstRecord).toBe(48);
  });

  it('counts results as "1 Result" and "1,234 Results"', () => {
    expect(resultCountText(1)).toBe('1 Result');
    expect(resultCountText(0)).toBe('0 Results');
    expect(resultCountText(1234)).toBe('1,234 Results');
    expect(resultCountText(1234567)).toBe('1,234,567 Results');
    expect(resultCountText(NaN)).toBe('0 Results');
  });
});

describe('payment, fuel economy and electric range text', () => {
  const payments = { monthly: 456.4, termMonths: 72, apr: 7.5, downPayment: 2500 };
  it('shows the monthly payment, with its term where asked', () => {
    expect(paymentText(payments)).toBe('$456/mo');
    expect(paymentText(payments, true)).toBe('$456/mo for 72 months');
    expect(paymentText({ ...payments, termMonths: 0 }, true)).toBe('$456/mo');
    for (const none of [undefined, null, { ...payments, monthly: 0 }, { ...payments, monthly: NaN }])
      expect(paymentText(none, true)).toBeNull();
  });
  it('shows city and highway MPG, and an electric range, when the listing gives them', () => {
    expect(fuelEconomyText({ specifications: { mpg: { city: 22, highway: 29 } } } as never)).toBe('22 city / 29 highway MPG');
    expect(fuelEconomyText({ specifications: { mpg: { city: 0, highway: 0 } } } as never)).toBeNull();
    expect(fuelEconomyText({} as never)).toBeNull();
    expect(electricRangeText({ specifications: { mileRange: 1250 } } as never)).toBe('1,250 miles');
    expect(electricRangeText({ specifications: {} } as never)).toBeNull();
  });
});
