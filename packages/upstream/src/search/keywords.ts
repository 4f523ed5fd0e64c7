/**
 * The keyword search's text (search-results §2 keywordPhrases): each listing's words, and a phrase
 * as the tests they must pass.
 */
import { type Catalogue, LTYPES } from '../catalogue/generate';
import { BODY_STYLES, DRIVE_GROUPS, EXTERIOR_COLORS, FUEL_OPTIONS } from '../catalogue/tables';

/** Lower case, letters and digits only ('F-150' reads 'f150'), words split by one space, padded. */
export function keywordText(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[-.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/**
 * The keyword phrase as tests: every word must start a word of the listing's text, and a quoted
 * part ("king ranch") must appear as written, word for word.
 */
export function keywordTests(phrase: string): string[] {
  const tests: string[] = [];
  const rest = phrase.replace(/"([^"]*)"/g, (_, quoted: string) => {
    const t = keywordText(quoted).trimEnd();
    if (t.trim()) tests.push(`${t} `);
    return ' ';
  });
  for (const w of keywordText(rest).split(' ')) if (w) tests.push(` ${w}`);
  return tests;
}

/** Each listing's keyword text (condition, year, make, model, trim, package, colour, body, fuel, drive), made on first use. */
export function keywordTexts(c: Catalogue): () => string[] {
  let keywordTexts: string[] | null = null;
  return function texts(): string[] {
    if (keywordTexts) return keywordTexts;
    keywordTexts = new Array<string>(c.size);
    for (let i = 0; i < c.size; i++) {
      const mo = c.models[c.model[i]];
      const cond = { NEW: 'new', USED: 'used', CERTIFIED: 'certified used', '3P_CERT': 'certified used' }[LTYPES[c.ltype[i]]];
      keywordTexts[i] = keywordText(
        [
          cond,
          c.year[i],
          mo.makeName,
          mo.name,
          mo.trims[c.trim[i]],
          c.pkg[i] ? mo.packages[c.pkg[i] - 1] : '',
          EXTERIOR_COLORS[c.ext[i]].label,
          BODY_STYLES[c.body[i]].label,
          FUEL_OPTIONS[c.fuel[i]].label,
          DRIVE_GROUPS[c.drive[i]].label,
        ].join(' '),
      );
    }
    return keywordTexts;
  };
}
