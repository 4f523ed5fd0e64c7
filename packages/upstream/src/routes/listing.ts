/**
 * The listing service: search (with facets, stats, paging), single listing by VIN or by listing
 * id, supplemental and similar listings, count, spotlight tiers, vehicle highlights and new-car
 * boost.
 */
import type { FastifyInstance } from 'fastify';
import { RELAXATIONS_PATH, type FilterRelaxationResult, type Listing, type SearchQuery, type SearchResult } from '@cfs/contracts';
import type { Engine } from '../search/engine';
import { flag, intParam, readSearch } from '../search/request';
import { indexOfId } from '../catalogue/generate';
import { rotatedPage } from '../search/rotation';
import { suggestedModels } from '../search/suggested-models';
import { MAKES } from '../catalogue/vehicles';
import { BadRequest, NotFound } from '../util/errors';

type Raw = Record<string, unknown>;

/** How far below a catalogue listing's id its sold twin's id is (see soldListing). */
export const SOLD_OFFSET = 100_000_000;

export async function listingRoutes(app: FastifyInstance, opts: { engine: Engine }) {
  const { engine } = opts;
  const c = engine.catalogue;

  app.get('/rest/lsc/listing', async (request, reply) => {
    const raw = request.query as Raw;
    if (typeof raw.listingId === 'string') {
      const i = indexOfId(c, raw.listingId);
      if (i >= 0) return { ...engine.page([i], null), totalResultCount: 1 } satisfies SearchResult;
      return reply.code(404).send(soldListing(raw.listingId));
    }
    if (typeof raw.vin === 'string') {
      const i = c.vinIndex.get(raw.vin.toUpperCase());
      if (i === undefined) throw new NotFound(`no listing with vin ${raw.vin.slice(0, 20)}`);
      return { ...engine.page([i], null), totalResultCount: 1 } satisfies SearchResult;
    }
    const q = readSearch(raw);
    const stats = typeof raw.stats === 'string' && raw.stats.length > 0;
    const hideFilters = flag(raw, 'hideFilters') || flag(raw, 'collapseFilters');
    const highlights = flag(raw, 'includeVehicleHighlights');
    if (typeof raw.similarTo === 'string') return withHighlights(similar(raw.similarTo, q), highlights);
    const supplemental = flag(raw, 'supplemental');
    const res = engine.search(q, {
      facets: !hideFilters && !supplemental,
      stats,
      outsideRadius: supplemental,
      suggested: flag(raw, 'includeSuggested') && !supplemental,
    });
    if (supplemental) return withHighlights(res, highlights);
    // The models the shopper may have meant instead of one chosen (search/suggested-models.ts).
    const meant = suggestedModels(q, MAKES);
    return meant.length ? { ...res, suggestedModels: meant } : res;
  });

  /**
   * The supplemental and similar calls' includeVehicleHighlights (search-results §7): only when it
   * is true do their listings keep their vehicle highlight (the urgency driver) and its up to 4
   * images; otherwise each is answered as a plain listing, with 1 image (search-results §9), or
   * with its 360° spin's photos when it has a spin.
   */
  function withHighlights(res: SearchResult, keep: boolean): SearchResult {
    if (keep) return res;
    for (const l of res.listings) {
      if (!l.vehicleHighlight) continue;
      delete l.vehicleHighlight;
      if (!l.fyuseId) l.images = { sources: l.images.sources.slice(0, 1), primary: 0 };
    }
    return res;
  }

  /**
   * The way out of zero results: for each filter set (except the condition, which the page
   * defaults), how many listings the search finds with that filter alone removed, best first.
   */
  app.get(RELAXATIONS_PATH, async (request) => {
    const q = readSearch(request.query as Raw);
    return engine.relaxations(q) satisfies FilterRelaxationResult;
  });

  /**
   * A listing id that is not for sale. designed: the spec's vehicle page sends a shopper whose
   * listing has gone to the search for its make and model, so the listing service remembers the
   * make and model of sold listings. The catalogue is regenerated, not aged, so the sold ones are
   * modelled beside it: the id SOLD_OFFSET below each catalogue listing's id is a listing of the
   * same make and model that has been sold. Any other id is simply not found.
   */
  function soldListing(id: string): { error: string; make?: Listing['make']; model?: Listing['model'] } {
    const error = `no listing ${id.slice(0, 20)}`;
    const n = /^\d{1,12}$/.test(id) ? Number(id) + SOLD_OFFSET : NaN;
    const twin = Number.isFinite(n) ? indexOfId(c, String(n)) : -1;
    if (twin < 0) return { error };
    const [l] = engine.page([twin], null).listings;
    return { error: `listing ${id} is no longer available`, make: l.make, model: l.model };
  }

  /** Similar listings: same body style, within 20% of the price, other listings; 20 by default. */
  function similar(id: string, q: SearchQuery): SearchResult {
    const i = indexOfId(c, id);
    if (i < 0) throw new NotFound(`no listing ${id.slice(0, 20)}`);
    const lo = Math.round(c.price[i] * 0.8);
    const hi = Math.round(c.price[i] * 1.2);
    const body = c.body[i];
    return engine.search(
      {
        zip: q.zip,
        searchRadius: q.searchRadius,
        numRecords: q.numRecords ?? 20,
        sortBy: q.sortBy,
        minPrice: lo,
        maxPrice: hi,
        excludedListingId: [id, ...(q.excludedListingId ?? [])],
      },
      { facets: false, restrict: (k) => c.body[k] === body },
    );
  }

  app.get('/rest/lsc/listing/count', async (request) => {
    const q = readSearch(request.query as Raw);
    return { count: engine.match(q, { ignoreRadius: q.searchRadius === 0 }).count };
  });

  /** Spotlights rotate deterministically by spotlightPage through the tier's matching listings. */
  function spotlight(raw: Raw, tier: 'premium' | 'featured' | 'standard', dflt: number) {
    const q = readSearch(raw);
    const n = intParam(raw, 'numSpotlights', dflt, 1, 12);
    const pageNo = intParam(raw, 'spotlightPage', 1, 1, 1000);
    const want = tier === 'premium' ? 1 : tier === 'featured' ? 2 : 3;
    const { matches, distances } = engine.match({ ...q, firstRecord: undefined, numRecords: undefined });
    const { rows, total } = rotatedPage(engine.orders.relevance, matches, (i) => c.ownerTier[c.owner[i]] === want, n, pageNo);
    const res = engine.page(rows, distances);
    for (const l of res.listings) l.listingTier = tier === 'premium' ? 'spotlight' : tier;
    return { ...res, totalResultCount: total } satisfies SearchResult;
  }

  app.get('/rest/lsc/listing/spotlight/premiumresults', async (request) => {
    const raw = request.query as Raw;
    if (raw.listingTier !== undefined && raw.listingTier !== 'premium') throw new BadRequest('listingTier must be premium');
    return spotlight(raw, 'premium', 3);
  });

  app.get('/rest/lsc/listing/spotlight/results', async (request) => {
    const raw = request.query as Raw;
    const tier = raw.listingTier ?? 'featured';
    if (tier !== 'featured' && tier !== 'standard') throw new BadRequest('listingTier must be featured or standard');
    return spotlight(raw, tier, 6);
  });

  /** Vehicle highlights: matching listings with an urgency driver, up to 10, with up to 4 images. */
  app.get('/rest/lsc/listing/vehiclehighlights', async (request) => {
    const raw = request.query as Raw;
    const q = readSearch(raw);
    const n = intParam(raw, 'numRecords', 10, 1, 10);
    const { matches, distances } = engine.match({ ...q, numRecords: undefined });
    const picked: number[] = [];
    for (const i of matches) {
      if (c.urgency[i]) picked.push(i);
      if (picked.length >= n) break;
    }
    const res = engine.page(picked, distances);
    for (const l of res.listings) l.listingTier = 'vehicleHighlight';
    return { ...res, totalResultCount: picked.length };
  });

  /** New-car boost listings: NEW listings with the selected filters, firstRecord 0, 2 records. */
  app.get('/rest/lsc/listing/boost', async (request) => {
    const raw = request.query as Raw;
    const q = readSearch(raw);
    const res = engine.search(
      { ...q, listingType: ['NEW'], firstRecord: 0, numRecords: Math.min(q.numRecords ?? 2, 2) },
      { facets: false },
    );
    for (const l of res.listings) l.listingTier = 'boost';
    return res;
  });
}
