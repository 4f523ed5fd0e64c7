/**
 * Server-side composition against the real upstream and the real builds (turbo builds the shell
 * and the remotes before these tests): every region is rendered from the server container of the
 * version the registry names; a switch changes the next page's HTML with no restart, and the
 * versions no longer live are released; a region whose server render throws or hangs is left to
 * the browser while the rest of the page still arrives rendered, counted in /metrics.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@cfs/contracts';
import { breadcrumbs, serializeQuery } from '@cfs/search-query';
import {
  builtDist,
  declareBuild,
  deploy,
  fakeRemoteBuild,
  startGateway,
  startUpstream,
  tmpDir,
  type TestGateway,
  type Upstream,
  PERSON,
  firstLoadState,
} from './helpers';

const PAGE = '/cars-for-sale?listingType=USED';

/** The server-rendered root of one region, or null when the browser is left to render it. */
function ssrRoot(html: string, remote: string): string | null {
  const m = new RegExp(`<div data-boundary="${remote}"[^>]* data-ssr="">`).exec(html);
  return m ? m[0] : null;
}

/** A build whose server container is hand-written: its render throws, or never settles. */
function brokenServerBuild(kind: 'throws' | 'hangs'): string {
  const dir = fakeRemoteBuild(`server-${kind}`);
  fs.mkdirSync(path.join(dir, 'server'));
  const render =
    kind === 'throws' ? `async () => { throw new Error('server render fails (test fixture)'); }` : `() => new Promise(() => {})`;
  fs.writeFileSync(
    path.join(dir, 'server', 'remoteEntry.js'),
    `module.exports = { init: async () => {}, get: async () => () => ({ render: ${render} }) };\n`,
  );
  return declareBuild(dir);
}

describe('server-rendered regions', () => {
  let up: Upstream;
  let gw: TestGateway;
  const live: Record<string, string> = {};

  beforeAll(async () => {
    up = await startUpstream();
    // A budget that a first load of a container under Jest fits in (the default is 50 ms).
    // Nothing kept between pages (shared-answers.test.ts covers that): each page asks for itself.
    gw = await startGateway(up.url, { SSR_BUDGET_MS: '1500', SSR_SHARED_ANSWERS_MS: '0' });
    for (const name of REMOTE_NAMES) live[name] = await deploy(gw.store, name, builtDist(name));
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });
  afterEach(async () => {
    for (const name of REMOTE_NAMES) await gw.store.switch(name, live[name]);
  });

  const page = async () => {
    const res = await gw.app.inject({ url: PAGE, headers: PERSON });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('renders every region on the server, with its data and stylesheet, from the registry version', async () => {
    const html = await page();
    for (const name of REMOTE_NAMES) {
      expect(ssrRoot(html, name)).not.toBeNull();
      // The styles its browser module loads (with it, or with the part it loads later) are in the page already, scoped to its boundary.
      expect(html).toMatch(
        new RegExp(`<style data-remote-styles="${name}" data-href="[\\w-]+\\.[0-9a-f]+\\.css">[^<]*\\[data-boundary="?${name}"?\\]`),
      );
    }
    // Listing cards and the filter panel are in the HTML itself.
    expect(html).toMatch(/<article class="res-card"/);
    expect(html).toContain('Sort by');
    // The showcase's spotlight answer travels with its region, so the browser asks nothing twice.
    expect(html).toMatch(/<script type="application\/json" data-region-data="">\{"\/rest\/lsc\/listing\/spotlight/);
  });

  it("names each render isolate's thread for the machine's tools: 'ssr <remote>'", async () => {
    await page();
    const names = (() => {
      try {
        return fs.readdirSync('/proc/self/task').map((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim());
      } catch {
        return null; // not Linux: nothing to name
      }
    })();
    if (names === null) return;
    for (const name of REMOTE_NAMES) expect(names).toContain(`ssr ${name.replace(/^mf-/, '')}`.slice(0, 15));
    expect(names).toContain('ssr shell');
  });

  it('asks the upstream once per page for an answer two regions need (the premium spotlights of the showcase and the grid)', async () => {
    const fired = async () => {
      const text = (await gw.app.inject('/metrics')).body;
      return Number(/gateway_breaker_events_total\{name="premiumSpotlight",event="fire"\} (\d+)/.exec(text)?.[1] ?? NaN);
    };
    await page();
    const before = await fired();
    const html = await page();
    expect(await fired()).toBe(before + 1);
    // Both regions still carry the answer for their browser render.
    const carrying = [...html.matchAll(/<script type="application\/json" data-region-data="">([^<]*)<\/script>/g)].filter((m) =>
      m[1].includes('/rest/lsc/listing/spotlight/premiumresults'),
    );
    expect(carrying.length).toBeGreaterThanOrEqual(2);
  });

  it("carries each listing and owner of the first-load result once: the regions' data refers to them", async () => {
    const html = await page();
    const state = firstLoadState(html);
    const json = [...html.matchAll(/<script type="application\/json"[^>]*>([^<]*)<\/script>/g)].map((m) => m[1]).join('\n');
    // The tier spotlights repeat the search's own listings (with their tier): there are some to refer to.
    const spotlit = [...json.matchAll(/"\$state":"listing:/g)].length;
    expect(spotlit).toBeGreaterThan(0);
    const times = (text: string) => json.split(text).length - 1;
    expect(state.result!.listings.filter((l) => times(`"id":"${l.id}","vin":`) !== 1).map((l) => l.id)).toEqual([]);
    expect(state.result!.owners.filter((o) => times(`"id":"${o.id}","name":`) !== 1).map((o) => o.id)).toEqual([]);
  });

  it("renders the hero's breadcrumbs with search-query's spec-ordered builder, in the shell's frame", async () => {
    const query = { zip: '30301', searchRadius: 50, listingType: ['USED'], makeCode: ['FORD'], startYear: 2020, endYear: 2020 };
    const res = await gw.app.inject({ url: `/cars-for-sale?${serializeQuery(query)}`, headers: PERSON });
    expect(res.statusCode).toBe(200);
    const list = /<ol class="cfs-crumbs" id="cfs-crumbs">(.*?)<\/ol>/s.exec(res.body)![1];
    const rendered = [...list.matchAll(/<li>(?:<a href="([^"]*)">|<span aria-current="page">)([^<]*)</g)].map((m) => ({
      href: m[1]?.replaceAll('&amp;', '&'),
      label: m[2],
    }));
    const expected = breadcrumbs(query, { make: 'Ford' });
    expect(expected.map((c) => c.key)).toEqual(['home', 'page', 'location', 'condition', 'make', 'year']);
    expect(rendered).toEqual(expected.map((c, i) => ({ href: i === expected.length - 1 ? undefined : c.href, label: c.label })));
  });

  it('a switch changes the next page, and the version no longer live is released', async () => {
    const before = await page();
    expect(ssrRoot(before, 'mf-results')).toContain('data-version="1.0.0"');
    const other = tmpDir('results-v2');
    fs.cpSync(builtDist('mf-results'), other, { recursive: true });
    // A different build of the same remote: its server container says another version.
    const entry = path.join(other, 'server');
    for (const f of fs.readdirSync(entry).filter((n) => n !== 'remoteEntry.js')) {
      const file = path.join(entry, f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('version: "1.0.0"', 'version: "2.0.0-test"'));
    }
    declareBuild(other);
    const v2 = await deploy(gw.store, 'mf-results', other, '2.0.0');
    fs.rmSync(other, { recursive: true, force: true });

    const after = await page();
    expect(ssrRoot(after, 'mf-results')).toContain('data-version="2.0.0-test"');
    expect(gw.isolates.loadedVersions()).toContain(`mf-results@${v2}`);
    expect(gw.isolates.loadedVersions()).not.toContain(`mf-results@${live['mf-results']}`);

    await gw.store.switch('mf-results', live['mf-results']);
    expect(ssrRoot(await page(), 'mf-results')).toContain('data-version="1.0.0"');
    expect(gw.isolates.loadedVersions()).not.toContain(`mf-results@${v2}`);
  });

  it('a staging page composes a published version by id, rendered on the server from that version; the live page stays as it is', async () => {
    const staging = await startGateway(up.url, { GATEWAY_MODE: 'staging', SSR_BUDGET_MS: '1500', SSR_SHARED_ANSWERS_MS: '0' });
    try {
      for (const name of REMOTE_NAMES) await deploy(staging.store, name, builtDist(name));
      const other = tmpDir('results-staged');
      fs.cpSync(builtDist('mf-results'), other, { recursive: true });
      const entry = path.join(other, 'server');
      for (const f of fs.readdirSync(entry).filter((n) => n !== 'remoteEntry.js')) {
        const file = path.join(entry, f);
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('version: "1.0.0"', 'version: "3.0.0-staged"'));
      }
      declareBuild(other);
      // Published, not live.
      const candidate = await staging.store.publish('mf-results', other, '3.0.0');
      fs.rmSync(other, { recursive: true, force: true });
      const get = (url: string) => staging.app.inject({ url, headers: PERSON });

      const composed = await get(`${PAGE}&remotes=${encodeURIComponent(`mf-results@${candidate}`)}`);
      expect(composed.statusCode).toBe(200);
      expect(ssrRoot(composed.body, 'mf-results')).toContain('data-version="3.0.0-staged"');
      // The browser gets the same composition: the page's registry names the candidate's files.
      expect(firstLoadState(composed.body).registry.remotes['mf-results']).toEqual(staging.store.entryOf('mf-results', candidate));
      for (const name of REMOTE_NAMES) expect(ssrRoot(composed.body, name)).not.toBeNull();
      expect(staging.isolates.loadedVersions()).toContain(`mf-results@${candidate}`);

      // Everyone else still gets the live version, and the candidate stays warm for the next staging page.
      const plain = await get(PAGE);
      expect(ssrRoot(plain.body, 'mf-results')).toContain('data-version="1.0.0"');
      expect(staging.isolates.loadedVersions()).toContain(`mf-results@${candidate}`);

      // An unpublished id: the page is the live composition (a registry.json asks say why).
      const unknown = await get(`${PAGE}&remotes=${encodeURIComponent('mf-results@9.9.9-none')}`);
      expect(ssrRoot(unknown.body, 'mf-results')).toContain('data-version="1.0.0"');
      const why = await staging.app.inject(`/cars-for-sale/registry.json?remotes=${encodeURIComponent('mf-results@9.9.9-none')}`);
      expect([why.statusCode, why.json().error]).toEqual([400, 'mf-results@9.9.9-none is not published']);

      // A production gateway composes no version but the live one.
      const prod = await gw.app.inject({ url: `${PAGE}&remotes=${encodeURIComponent(`mf-results@${candidate}`)}`, headers: PERSON });
      expect(prod.statusCode).toBe(301);
    } finally {
      await staging.close();
    }
  });

  it.each(['throws', 'hangs'] as const)(
    'a region whose server render %s is left to the browser; the others arrive rendered',
    async (kind) => {
      const build = brokenServerBuild(kind);
      await deploy(gw.store, 'mf-showcase', build, `0.0.0-${kind}`);
      fs.rmSync(build, { recursive: true, force: true });

      // A render that never settles does not hold the page: it answers once the budget is spent.
      const html = await page();
      expect(ssrRoot(html, 'mf-showcase')).toBeNull();
      expect(html).toMatch(/<section id="region-showcase"[^>]*><\/section>/);
      for (const name of REMOTE_NAMES.filter((n) => n !== 'mf-showcase')) expect(ssrRoot(html, name)).not.toBeNull();

      const metrics = (await gw.app.inject('/metrics')).body;
      const cause = kind === 'throws' ? 'error' : 'timeout';
      expect(metrics).toMatch(new RegExp(`gateway_ssr_fallbacks_total\\{remote="mf-showcase",version="[^"]+",cause="${cause}"\\} [1-9]`));
    },
  );

  it('a build without a server container is rendered in the browser, counted as missing', async () => {
    const build = fakeRemoteBuild('no-server');
    await deploy(gw.store, 'mf-alerts', build, '0.0.0-noserver');
    fs.rmSync(build, { recursive: true, force: true });
    const html = await page();
    expect(ssrRoot(html, 'mf-alerts')).toBeNull();
    expect((await gw.app.inject('/metrics')).body).toMatch(
      /gateway_ssr_fallbacks_total\{remote="mf-alerts",version="[^"]+",cause="missing"\} [1-9]/,
    );
  });

  it('the shell deploys like a remote: a switch changes the frame of the next page', async () => {
    const first = gw.store.read().remotes.shell.version;
    const copy = tmpDir('shell-v2');
    fs.cpSync(builtDist('shell'), copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'RELEASE'), 'another build of the shell');
    declareBuild(copy);
    const second = await deploy(gw.store, 'shell', copy, '2.0.0');
    fs.rmSync(copy, { recursive: true, force: true });
    expect(await page()).toContain(`/cars-for-sale/remotes/shell/${second}/`);
    await gw.store.switch('shell', first);
    const back = await page();
    expect(back).toContain(`/cars-for-sale/remotes/shell/${first}/`);
    expect(back).not.toContain(`/cars-for-sale/remotes/shell/${second}/`);
  });

  it('a shell whose frame writes the page whole (no parts) composes the same page', async () => {
    const first = gw.store.read().remotes.shell.version;
    const parts = await page();
    const copy = tmpDir('shell-whole');
    fs.cpSync(builtDist('shell'), copy, { recursive: true });
    // The frame as a build from before the frame wrote parts: it exposes renderPage alone.
    const serverDir = path.join(copy, 'server');
    let unexposed = 0;
    for (const f of fs.readdirSync(serverDir).filter((n) => n.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(serverDir, f), 'utf8');
      const without = code.replace(/renderPageParts: \(\) =>/g, 'renderPagePartsNotExposed: () =>');
      if (without !== code) unexposed++;
      fs.writeFileSync(path.join(serverDir, f), without);
    }
    expect(unexposed).toBe(1);
    declareBuild(copy);
    const whole = await deploy(gw.store, 'shell', copy, '2.0.1');
    fs.rmSync(copy, { recursive: true, force: true });
    try {
      // The same page, but for what varies from page to page: the order the regions finished
      // in (their stylesheets' order, the order of calls in a region's data).
      const same = (h: string, version: string) => {
        const data: unknown[] = [];
        const page = h
          .split(version)
          .join('V')
          .replace(
            /(<script type="application\/json" data-region-data="">)([\s\S]*?)(<\/script>)/g,
            (_, a: string, json: string, b: string) => {
              data.push(JSON.parse(json));
              return `${a}${b}`;
            },
          )
          .split('\n')
          .map((line) => (line.startsWith('<style data-remote-styles=') ? '<style>' : line));
        return {
          page,
          data,
          styles: h
            .split('\n')
            .filter((l) => l.startsWith('<style data-remote-styles='))
            .sort(),
        };
      };
      const html = await page();
      expect(same(html, whole)).toEqual(same(parts, first));
    } finally {
      await gw.store.switch('shell', first);
    }
  });

  it('without a deployed shell the page says so to the operator (503), not a crash', async () => {
    const empty = await startGateway(up.url);
    fs.rmSync(path.join(empty.config.dataDir, 'registry.json'));
    const res = await empty.app.inject({ url: PAGE, headers: PERSON });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('publish the shell');
    await empty.close();
  });
});
