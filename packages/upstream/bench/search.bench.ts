/**
 * Listing searches with facet counts on a large catalogue over a realistic mix of filters and
 * sorts. Prints start-up time, memory, the number of facets counted, p50, p95 and p99, ending with
 * one JSON line. Asserts nothing.
 */
import type { SearchQuery, SortBy } from '@cfs/contracts';
import { buildCatalogue } from '../src/catalogue/generate';
import { createEngine } from '../src/search/engine';
import { Rng } from '../src/util/random';

const LISTINGS = Number(process.env.UPSTREAM_LISTINGS || 100000);
const RUNS = Number(process.env.BENCH_RUNS || 400);

const t0 = performance.now();
const catalogue = buildCatalogue({ listings: LISTINGS });
const engine = createEngine(catalogue);
const startupMs = performance.now() - t0;
global.gc?.();
const mem = process.memoryUsage();

const rng = new Rng(42);
const zips = ['30301', '10001', '60601', '75201', '94103', '98101', '33101'];
const sorts: SortBy[] = [
  'relevance',
  'relevance',
  'relevance',
  'derivedpriceASC',
  'derivedpriceDESC',
  'distanceASC',
  'mileageASC',
  'yearDESC',
  'datelistedDESC',
];
const models = catalogue.models;

function randomQuery(): SearchQuery {
  const q: SearchQuery = { numRecords: 24, listingType: rng.chance(0.8) ? ['USED'] : ['NEW'] };
  if (rng.chance(0.7)) {
    q.zip = rng.pick(zips);
    q.searchRadius = rng.pick([25, 50, 75, 100, 0]);
  }
  if (rng.chance(0.6)) {
    const m = rng.pick(models);
    q.makeCode = [m.makeCode];
    if (rng.chance(0.6)) q.modelCode = [m.code];
  }
  if (rng.chance(0.25)) q.maxPrice = rng.pick([15000, 20000, 30000, 40000]);
  if (rng.chance(0.15)) q.startYear = rng.pick([2016, 2018, 2020]);
  if (rng.chance(0.15)) q.vehicleStyleCode = [rng.pick(['SUVCROSS', 'TRUCKS', 'SEDAN'])];
  if (rng.chance(0.1)) q.fuelTypeGroup = [rng.pick(['ELE', 'HYB'])];
  if (rng.chance(0.1)) q.extColorSimple = [rng.pick(['WHITE', 'BLACK', 'BLUE'])];
  if (rng.chance(0.2)) q.firstRecord = 24 * rng.int(1, 4);
  q.sortBy = rng.pick(sorts);
  return q;
}

const queries = Array.from({ length: RUNS }, randomQuery);
for (const q of queries.slice(0, 50)) engine.search(q, { stats: true }); // warm-up
const times: number[] = [];
for (const q of queries) {
  const t = performance.now();
  engine.search(q, { stats: true });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
// Every facet is counted on every search: the filters answered with a ZIP (distance included).
const facetCount = Object.keys(engine.search({ zip: zips[0], searchRadius: 50, numRecords: 1 }).filters ?? {}).length;
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const round = (n: number) => Math.round(n * 100) / 100;
console.log(
  `catalogue: ${LISTINGS} listings, built in ${Math.round(startupMs)} ms; heap ${Math.round(mem.heapUsed / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`,
);
console.log(
  `searches with ${facetCount} facets counted and stats: ${RUNS}; p50 ${round(pct(50))} ms, p95 ${round(pct(95))} ms, p99 ${round(pct(99))} ms, max ${round(times[times.length - 1])} ms (target p95 <= 10 ms)`,
);
console.log(
  JSON.stringify({
    listings: LISTINGS,
    p50_ms: round(pct(50)),
    p95_ms: round(pct(95)),
    p99_ms: round(pct(99)),
    facets: facetCount,
    startup_ms: Math.round(startupMs),
    rss_mb: Math.round(mem.rss / 1e6),
  }),
);
