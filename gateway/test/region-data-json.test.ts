import { regionDataJson, type SentAnswers } from '../src/ssr/region-data-json';

describe("a region's data as JSON", () => {
  it('writes the answers it was given as sent, and serialises the rest; parsed, it is the data', () => {
    const text = '{ "listings": [ { "title": "a </script> b" } ], "n": 1 }';
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
