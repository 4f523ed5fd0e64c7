import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@cfs/contracts';
import { buildUpstream } from '../src/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-ref-'));
  app = await buildUpstream({ listings: 2000, dataDir });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await app.inject(url);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('reference data the model reference section reads', () => {
  it("prices trims as the catalogue does (one MSRP rule): the F-150's trims rise from XL to the top trim", async () => {
    const year = new Date().getFullYear();
    const { trims } = await get(`/rest/research/reference-vehicles?yearId=${year}&atcMakeCode=FORD&atcModelCode=F150`);
    const msrps = trims.map((t: { nationalMSRP: number }) => t.nationalMSRP);
    expect(msrps[0]).toBeGreaterThan(30000);
    expect(msrps[0]).toBeLessThan(42000);
    expect(Math.max(...msrps)).toBeGreaterThan(60000);
    const { results } = await get(`/rest/lsc/modelinfo/ymm?makeCode=FORD&modelCode=F150&startYear=${year}`);
    expect(results[0].baseMsrp).toBe(msrps[0]);
  });

  it('gives each trim an engine type from the fuels the model is sold with, with EPA figures to match', async () => {
    const { trims } = await get('/rest/research/reference-vehicles?yearId=2024&atcMakeCode=FORD&atcModelCode=F150');
    expect(trims.map((t: { engineType: string }) => t.engineType)).toEqual(['Gas', 'Hybrid', 'Gas', 'Hybrid', 'Gas', 'Hybrid']);
    for (const t of trims) {
      expect(t.specs.map((s: { id: string }) => s.id)).toEqual(['546', '561', '610', '170', '160', '557', '236', '615', '578']);
      for (const s of t.specs) expect(['Standard', 'Optional', 'Not Available']).toContain(s.value);
      expect(t.epaCity).toBeGreaterThan(0);
      expect(t.epaMpgeCity).toBeNull();
      expect(t.vehicleId).toMatch(/^\d{6}$/);
    }
    // The same request, the same answer.
    expect((await get('/rest/research/reference-vehicles?yearId=2024&atcMakeCode=FORD&atcModelCode=F150')).trims).toEqual(trims);
  });

  it('gives electric trims MPGe and no MPG', async () => {
    const { trims } = await get('/rest/research/reference-vehicles?atcMakeCode=FORD&atcModelCode=MACHE');
    expect(trims.length).toBeGreaterThan(0);
    for (const t of trims) {
      expect(t.engineType).toBe('Electric');
      expect(t.epaCity).toBeNull();
      expect(t.epaMpgeCity).toBeGreaterThan(0);
    }
  });

  it('answers mileage statistics inside the spec bounds, and the safety groups', async () => {
    const m = await get('/rest/lsc/crawl/stats/mileage?makeCode=FORD&modelCode=F150&listingType=USED');
    expect(m.threshold).toBe(LIMITS.mileageThreshold);
    expect(m.count).toBeGreaterThan(1);
    expect(m.mileageMax).toBeLessThanOrEqual(LIMITS.mileageCeiling);
    const s = await get('/rest/research/safety?makeCode=FORD&modelCode=F150');
    expect(s.groups.map((g: { name: string }) => g.name)).toEqual(['Safety Ratings', 'Safety Features']);
  });
});
