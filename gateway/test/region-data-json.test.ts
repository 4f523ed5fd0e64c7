import { regionDataJson, type SentAnswers } from '../src/ssr/region-data-json';
import { resolveRegionData, type ReferredResult } from '@cfs/contracts';

describe("a region's data as JSON", () => {
  it('writes the answers it was given as sent, and serialises the rest; parsed, it is the data', () => {
    const text = '{ "creative": { "title": "a </script> b" }, "n": 1 }';
    const parsed = JSON.parse(text) as unknown;
    const replaced = { other: true };
    const answers: SentAnswers = new Map([
      ['/a?x=1&y="2"', { text, parsed }],
      ['/b', { text: '{"kept":1}', parsed: { kept: 1 } }],
    ]);
    const data = {
      '/a?x=1&y="2"': { ok: true as const, body: parsed },
      // The render put another body in its place: serialised, not the sent text.
      '/b': { ok: true as const, body: replaced },
      '/c': { ok: false as const },
    };
    const json = regionDataJson(data, answers);
    expect(json).toContain(text);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(data)));
    expect(regionDataJson({}, answers)).toBe('{}');
  });
});

describe("a region's data refers to the first-load result", () => {
  const listing = { id: '1', vin: 'VIN1', year: 2024 };
  const owner = { id: 'd1', name: 'Dealer' };
  const result = { listings: [listing], owners: [owner] } as unknown as ReferredResult;

  it("writes the result's listings and owners as references when given the result, and reads back to the data", () => {
    const body = {
      listings: [
        { ...listing, listingTier: 'featured' },
        { id: '2', vin: 'VIN2' },
      ],
      owners: [owner],
    };
    const text = JSON.stringify(body);
    const data = { '/spotlight': { ok: true as const, body }, '/price': { ok: true as const, body: { avg: 1 } } };
    const answers: SentAnswers = new Map([['/spotlight', { text, parsed: body }]]);
    const json = regionDataJson(data, answers, result);
    expect(json).not.toContain('"vin":"VIN1"');
    expect(json).toContain('"vin":"VIN2"');
    expect(resolveRegionData(JSON.parse(json), result)).toEqual(data);
    // Without the result (a build that does not read references), the answer as sent.
    expect(regionDataJson(data, answers)).toContain(text);
  });
});

describe("a region's data carries listings and owners as the page reads them", () => {
  it('leaves out the fields no region reads (contracts forPage), and keeps the rest of the answer', () => {
    const body = {
      listings: [{ id: '7', title: 'Used 2021 Honda Civic', features: ['Sunroof'], paymentServices: { paymentCalculationUrl: '/p' } }],
      owners: [{ id: 'd7', name: 'Dealer', images: { sources: [{ src: '/o.png', alt: '' }] } }],
      totalResultCount: 1,
    };
    const text = JSON.stringify(body);
    const json = regionDataJson({ '/highlights': { ok: true, body } }, new Map([['/highlights', { text, parsed: body }]]));
    expect(JSON.parse(json)).toEqual({
      '/highlights': {
        ok: true,
        body: { listings: [{ id: '7', title: 'Used 2021 Honda Civic' }], owners: [{ id: 'd7', name: 'Dealer' }], totalResultCount: 1 },
      },
    });
  });
});
