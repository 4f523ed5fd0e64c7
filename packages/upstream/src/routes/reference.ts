/**
 * Reference data computed from the catalogue: model-year and trim prices, crawl stats (mileage,
 * model years, trims), model info, the shared reference lookup, option packages, research
 * reference vehicles with trims and specs, consumer ratings and safety.
 */
import type { FastifyInstance } from 'fastify';
import { LIMITS, type ModelYearPriceRow } from '@cfs/contracts';
import type { Engine } from '../search/engine';
import { LTYPES, trimCode } from '../catalogue/generate';
import { BODY_STYLES, FEATURES } from '../catalogue/tables';
import { vehicleMsrp } from '../catalogue/pricing';
import { MAKES } from '../catalogue/vehicles';
import { BadRequest, NotFound } from '../util/errors';
import { hash32 } from '../util/random';
import { formatNumber } from '@cfs/search-query';

type Raw = Record<string, string | undefined>;

/** The spec's trim spec ids (compare trims): heated seats 546 ... sunroof 578. */
const SPEC_IDS = ['546', '561', '610', '170', '160', '557', '236', '615', '578'];

/** The engine type a trim shows, by the catalogue's fuel group (compare trims' fuel filter). */
const ENGINE_TYPES: Record<string, string> = {
  GSL: 'Gas',
  HYB: 'Hybrid',
  PIH: 'Plug-in Hybrid',
  ELE: 'Electric',
  DSL: 'Diesel',
  HYD: 'Hydrogen',
  ALT: 'Alternative',
};

export async function referenceRoutes(app: FastifyInstance, opts: { engine: Engine }) {
  const c = opts.engine.catalogue;

  function model(raw: Raw, makeKey = 'makeCode', modelKey = 'modelCode') {
    const make = raw[makeKey]?.toUpperCase();
    const code = raw[modelKey]?.toUpperCase();
    if (!make || !code) throw new BadRequest(`${makeKey} and ${modelKey} are required`);
    const mi = c.models.findIndex((m) => m.makeCode === make && m.code === code);
    if (mi < 0) throw new NotFound(`no model ${make} ${code}`);
    return mi;
  }

  function rows(mi: number, key: (i: number) => string | null, link: (value: string) => string): ModelYearPriceRow[] {
    const groups = new Map<string, { min: number; max: number; sum: number; n: number }>();
    for (let i = 0; i < c.size; i++) {
      if (c.model[i] !== mi) continue;
      const k = key(i);
      if (k === null) continue;
      const g = groups.get(k) ?? { min: Infinity, max: -Infinity, sum: 0, n: 0 };
      const p = c.price[i];
      g.min = Math.min(g.min, p);
      g.max = Math.max(g.max, p);
      g.sum += p;
      g.n++;
      groups.set(k, g);
    }
    return [...groups.entries()]
      .sort((a, b) => b[0].localeCompare(a[0], 'en', { numeric: true }))
      .map(([value, g]) => ({ value, startingPrice: g.min, avgPrice: Math.round(g.sum / g.n), maxPrice: g.max, link: link(value) }));
  }

  app.get('/rest/research/pricing', async (request) => {
    const raw = request.query as Raw;
    const mi = model(raw);
    const m = c.models[mi];
    const base = `/cars-for-sale/all/${m.makeCode.toLowerCase()}/${m.code.toLowerCase()}`;
    return {
      make: m.makeName,
      model: m.name,
      modelYears: rows(
        mi,
        (i) => String(c.year[i]),
        (y) => `${base}?startYear=${y}&endYear=${y}`,
      ),
      trims: rows(
        mi,
        (i) => m.trims[c.trim[i]],
        (t) => `${base}?trimCode=${encodeURIComponent(trimCode(t))}`,
      ),
    };
  });

  /** Mileage statistics: values over 250000 or 0 or less are ignored; threshold 50000. */
  app.get('/rest/lsc/crawl/stats/mileage', async (request) => {
    const raw = request.query as Raw;
    const code = raw.modelCode?.toUpperCase();
    if (!code) throw new BadRequest('modelCode is required');
    const mi = c.models.findIndex((m) => m.code === code);
    if (mi < 0) throw new NotFound(`no model ${code}`);
    const lt = raw.listingType?.toUpperCase();
    const ltIndex = lt ? LTYPES.indexOf(lt as (typeof LTYPES)[number]) : -1;
    if (lt && ltIndex < 0) throw new BadRequest(`unknown listingType '${lt}'`);
    let n = 0,
      sum = 0,
      max = 0,
      sumPerYear = 0,
      over = 0,
      allN = 0,
      allOver = 0;
    for (let i = 0; i < c.size; i++) {
      const v = c.mileage[i];
      if (v <= 0 || v > LIMITS.mileageCeiling) continue;
      if (ltIndex >= 0 && c.ltype[i] !== ltIndex) continue;
      allN++;
      if (v > LIMITS.mileageThreshold) allOver++;
      if (c.model[i] !== mi) continue;
      n++;
      sum += v;
      max = Math.max(max, v);
      sumPerYear += v / Math.max(1, c.currentYear - c.year[i] + 0.5);
      if (v > LIMITS.mileageThreshold) over++;
    }
    const averageMiles = n ? Math.round(sum / n) : 0;
    const percentModel = n ? Math.round((over / n) * 1000) / 10 : 0;
    const percentAllCar = allN ? Math.round((allOver / allN) * 1000) / 10 : 0;
    return {
      modelCode: code,
      count: n,
      averageMiles,
      mileageMax: max,
      mileagePerYearMean: n ? Math.round(sumPerYear / n) : 0,
      threshold: LIMITS.mileageThreshold,
      difference: Math.round(percentModel - percentAllCar),
      maxDifference: 100,
      highestMileageName: c.models[mi].name,
      highestMileageCount: over,
      percentModel,
      percentAllCar,
      facetStatsCalculate: [
        { name: `Over ${formatNumber(LIMITS.mileageThreshold)} miles`, percent: percentModel },
        { name: 'All cars', percent: percentAllCar },
      ],
    };
  });

  const years = (mi: number, onlyNew: boolean) => {
    const set = new Set<number>();
    for (let i = 0; i < c.size; i++) if (c.model[i] === mi && (!onlyNew || c.ltype[i] === 0)) set.add(c.year[i]);
    return [...set].sort((a, b) => b - a);
  };
  const trims = (mi: number, onlyNew: boolean) => {
    const set = new Set<number>();
    for (let i = 0; i < c.size; i++) if (c.model[i] === mi && (!onlyNew || c.ltype[i] === 0)) set.add(c.trim[i]);
    return [...set].sort((a, b) => a - b).map((t) => ({ code: trimCode(c.models[mi].trims[t]), name: c.models[mi].trims[t] }));
  };
  app.get('/rest/lsc/crawl/modelyears', async (r) => ({ years: years(model(r.query as Raw), false) }));
  app.get('/rest/lsc/crawl/newmodelyears', async (r) => ({ years: years(model(r.query as Raw), true) }));
  app.get('/rest/lsc/crawl/trims', async (r) => ({ trims: trims(model(r.query as Raw), false) }));
  app.get('/rest/lsc/crawl/newtrims', async (r) => ({ trims: trims(model(r.query as Raw), true) }));

  app.get('/rest/lsc/modelinfo/ymm', async (request) => {
    const raw = request.query as Raw;
    const mi = model(raw);
    const m = c.models[mi];
    const year = raw.startYear ? Number(raw.startYear) : c.currentYear;
    if (!Number.isInteger(year)) throw new BadRequest('startYear must be a year');
    return {
      results: [
        {
          year,
          make: { code: m.makeCode, name: m.makeName },
          model: { code: m.code, name: m.name },
          bodyStyle: BODY_STYLES.find((b) => b.code === m.body)?.label,
          baseMsrp: vehicleMsrp(m, 0, year, c.currentYear, { fuel: m.fuels[0], drive: m.drives[0], packaged: false }),
          trims: m.trims,
          seats: m.seats,
          fuels: m.fuels,
        },
      ],
    };
  });

  /** The shared reference lookup: makes, models, trims, years, mileage ranges, body styles. */
  app.get('/rest/lsc/reference', async (request) => {
    const raw = request.query as Raw;
    const category = raw.category ?? 'all';
    const make = raw.makeCode?.toUpperCase();
    const mk = make ? MAKES.find((m) => m.code === make) : null;
    if (make && !mk) throw new NotFound(`no make ${make}`);
    const out: Record<string, unknown> = {};
    const want = (k: string) => category === 'all' || category === k;
    if (want('make')) out.makes = MAKES.map((m) => ({ code: m.code, name: m.name }));
    if (want('model'))
      out.models = (mk ? [mk] : MAKES).flatMap((m) => m.models.map((x) => ({ makeCode: m.code, code: x.code, name: x.name })));
    if (want('trim') && mk && raw.modelCode) out.trims = trims(model(raw), false);
    if (want('year')) out.years = Array.from({ length: 15 }, (_, k) => c.currentYear + 1 - k);
    if (want('mileage'))
      out.mileageRanges = [15000, 30000, 45000, 60000, 75000, 100000, 150000, 200000].map((v) => ({
        value: v,
        label: `Under ${formatNumber(v)}`,
      }));
    if (want('bodystyle')) out.bodyStyles = BODY_STYLES;
    if (!Object.keys(out).length) throw new BadRequest(`unknown category '${category}'`);
    return out;
  });

  app.get('/cars-for-sale/searchoptions/packages', async (request) => {
    const raw = request.query as Raw;
    const mi = model(raw);
    const m = c.models[mi];
    const trim = raw.trimCode?.toUpperCase();
    if (trim && !m.trims.some((t) => trimCode(t) === trim)) throw new NotFound(`no trim ${trim} for ${m.name}`);
    return { results: { packageNames: m.packages } };
  });

  /** Research reference vehicles: trims with specs (Standard / Optional / Not Available). */
  app.get('/rest/research/reference-vehicles', async (request) => {
    const raw = request.query as Raw;
    const mi = model(raw, 'atcMakeCode', 'atcModelCode');
    const m = c.models[mi];
    const year = Number(raw.yearId ?? c.currentYear);
    if (!Number.isInteger(year) || year < 1990 || year > c.currentYear + 2) throw new BadRequest('yearId must be a model year');
    return {
      trims: m.trims.map((t, k) => {
        const vehicleId = String((hash32(mi, k, year) % 900000) + 100000);
        // Each trim runs on one of the model's fuels in turn (a gas and hybrid model alternates).
        const fuel = m.fuels[k % m.fuels.length] ?? 'GSL';
        const electric = fuel === 'ELE';
        const mpgBase = electric ? 0 : (m.body === 'TRUCKS' ? 20 : 30) + (fuel === 'HYB' || fuel === 'PIH' ? 5 : 0);
        return {
          trimName: t,
          bodyStyle: BODY_STYLES.find((b) => b.code === m.body)?.label,
          engineType: ENGINE_TYPES[fuel] ?? 'Gas',
          epaCity: mpgBase ? mpgBase - 4 + k : null,
          epaHwy: mpgBase ? mpgBase + 3 + k : null,
          epaMpgeCity: electric ? 120 - k * 3 : null,
          epaMpgeHwy: electric ? 105 - k * 3 : null,
          nationalMSRP: vehicleMsrp(m, k, year, c.currentYear, { fuel, drive: m.drives[0], packaged: false }),
          imagePath: `/images/model/${m.code.toLowerCase()}.svg`,
          atcMake: m.makeName,
          atcModel: m.name,
          atcMakeCode: m.makeCode,
          atcModelCode: m.code,
          vehicleId,
          specs: SPEC_IDS.map((id) => {
            const f = FEATURES.find((x) => x.code === id)!;
            const level = (hash32(mi, k, Number(id)) % 10) + k * 2;
            return { id, name: f.label, value: level >= 8 ? 'Standard' : level >= 4 ? 'Optional' : 'Not Available' };
          }),
        };
      }),
    };
  });

  app.get('/rest/research/consumer-ratings', async (request) => {
    const raw = request.query as Raw;
    if (!raw.vehicleId || !/^\d{6}$/.test(raw.vehicleId)) throw new BadRequest('vehicleId must be 6 digits');
    const h = (k: number) => 3.5 + (hash32(Number(raw.vehicleId), k) % 15) / 10;
    const names = ['Overall Rating', 'Value', 'Performance', 'Quality', 'Comfort', 'Reliability', 'Styling'];
    return {
      vehicleId: raw.vehicleId,
      ratings: names.map((name, k) => ({ name, value: Math.round(h(k) * 10) / 10 })),
      numberOfReviews: (hash32(Number(raw.vehicleId)) % 400) + 3,
    };
  });

  app.get('/rest/research/safety', async (request) => {
    const raw = request.query as Raw;
    const mi = model(raw);
    const stars = (k: number) => String(4 + (hash32(mi, k) % 2));
    return {
      groups: [
        {
          name: 'Safety Ratings',
          features: [
            { label: 'Overall Rating', value: stars(1) },
            { label: 'Frontal Crash', value: stars(2) },
            { label: 'Side Crash', value: stars(3) },
            { label: 'Rollover', value: stars(4) },
          ],
        },
        {
          name: 'Safety Features',
          features: [
            { label: 'Antilock Brakes', value: 'std' },
            { label: 'Stability Control', value: 'std' },
            { label: 'Lane Departure Warning', value: hash32(mi, 5) % 2 ? 'std' : 'opt' },
            { label: 'Blind Spot Monitoring', value: hash32(mi, 6) % 2 ? 'std' : 'opt' },
          ],
        },
      ],
    };
  });
}
