/**
 * Writes src/ssr/smoke-fixtures.json, the pages a build's server code is smoke-rendered against
 * at publish (registry/smoke.ts): the first-load state of a results page, a make-and-model page
 * and a zero-results page, and one answer per gateway path the regions' renders asked for on them.
 * Recorded from the real thing: the embedded upstream and the gateway with every build deployed.
 *   npx tsx scripts/smoke-fixtures.ts      (after npm run build)
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYABLES } from '../src/registry/store';
import { builtDist, deploy, startGateway, startUpstream } from '../test/helpers';

const PAGES = {
  results: '/cars-for-sale?listingType=USED',
  'make-and-model': '/cars-for-sale/all/ford/f150?listingType=USED',
  'zero-results': '/cars-for-sale?listingType=USED&keywordPhrases=no%20such%20car%20zzqx',
};
const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };

const unescape = (s: string) => JSON.parse(s) as unknown;

async function main() {
  const up = await startUpstream();
  const gw = await startGateway(up.url, { SSR_BUDGET_MS: '5000', WARM_UP_PATHS: 'none' });
  try {
    for (const name of DEPLOYABLES) deploy(gw.store, name, builtDist(name));
    const pages: { name: string; state: unknown }[] = [];
    const answers: Record<string, unknown> = {};
    for (const [name, asked] of Object.entries(PAGES)) {
      let url = asked;
      let res = await gw.app.inject({ url, headers: PERSON });
      for (let i = 0; res.statusCode === 301 && i < 3; i++) {
        url = String(res.headers.location);
        res = await gw.app.inject({ url, headers: PERSON });
      }
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      const state = /<script type="application\/json" id="cfs-first-load-state">(.*?)<\/script>/s.exec(res.body)?.[1];
      if (!state) throw new Error(`${url} carries no first-load state`);
      pages.push({ name, state: unescape(state) });
      for (const m of res.body.matchAll(/<script type="application\/json" data-region-data="">(.*?)<\/script>/gs)) {
        const data = unescape(m[1]) as Record<string, { ok: boolean; body?: unknown }>;
        for (const [u, entry] of Object.entries(data)) {
          const p = u.split('?')[0];
          if (entry.ok && !(p in answers)) answers[p] = entry.body;
        }
      }
    }
    const out = path.join(__dirname, '..', 'src', 'ssr', 'smoke-fixtures.json');
    fs.writeFileSync(out, `${JSON.stringify({ pages, answers })}\n`);
    console.log(`${out}: ${pages.length} pages, ${Object.keys(answers).length} paths, ${fs.statSync(out).size} bytes`);
  } finally {
    await gw.close();
    await up.close();
  }
}

void main();
