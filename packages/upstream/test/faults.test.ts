import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildUpstream } from '../src/app';

let app: FastifyInstance;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-up-f-'));
  app = await buildUpstream({ listings: 1000, dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${base}/__faults`, { method: 'DELETE' });
});

const put = (call: string, body: object) =>
  fetch(`${base}/__faults/${call}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('fault switch', () => {
  it('is off by default and fails a chosen call with a status', async () => {
    expect((await fetch(`${base}/rest/lsc/listing?numRecords=1`)).status).toBe(200);
    expect((await put('listingSearch', { status: 503 })).status).toBe(200);
    expect((await fetch(`${base}/rest/lsc/listing?numRecords=1`)).status).toBe(503);
    // Other calls are untouched.
    expect((await fetch(`${base}/geo/zip/30301`)).status).toBe(200);
  });

  it('applies a fault a given number of times', async () => {
    await put('zipValidation', { status: 500, times: 1 });
    expect((await fetch(`${base}/geo/zip/30301`)).status).toBe(500);
    expect((await fetch(`${base}/geo/zip/30301`)).status).toBe(200);
  });

  it('adds latency', async () => {
    await put('modelPricing', { latencyMs: 150 });
    const t = Date.now();
    const res = await fetch(`${base}/rest/research/pricing?makeCode=FORD&modelCode=F150`);
    expect(res.status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('hangs until the client gives up', async () => {
    await put('packages', { hang: true });
    await expect(
      fetch(`${base}/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
  });

  it('refuses the connection', async () => {
    await put('trims', { refuse: true });
    await expect(fetch(`${base}/rest/lsc/crawl/trims?makeCode=FORD&modelCode=F150`)).rejects.toThrow();
  });

  it('rejects unknown calls and bad bodies, and lists the calls', async () => {
    expect((await put('nothing', { status: 500 })).status).toBe(400);
    expect((await put('listingSearch', { status: 200 })).status).toBe(400);
    const list = await (await fetch(`${base}/__faults`)).json();
    expect(list.calls).toContain('listingSearch');
  });

  it('answers loopback only', async () => {
    const res = await app.inject({ method: 'PUT', url: '/__faults/listingSearch', payload: { status: 500 }, remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(403);
    const del = await app.inject({ method: 'DELETE', url: '/__faults', remoteAddress: '192.168.1.1' });
    expect(del.statusCode).toBe(403);
  });
});
