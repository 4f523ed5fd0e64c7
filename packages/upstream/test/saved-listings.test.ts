import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountRoutes } from '../src/routes/account';
import { signinRoutes } from '../src/routes/signin';
import { MAKE_OFFER_SCRIPT } from '../src/routes/content';

const SIGNIN = '/account/signin';
let dataDir: string;
let app: FastifyInstance;

async function build(): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(accountRoutes, { dataDir });
  await a.register(signinRoutes, { dataDir, signInPath: SIGNIN });
  await a.ready();
  return a;
}

async function tokenFor(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: SIGNIN,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, firstName: 'Sam', lastName: 'Rivera', returnUrl: '/cars-for-sale' }).toString(),
  });
  const session = /cfs_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1];
  return (await app.inject(`/account-api/token?session=${encodeURIComponent(session)}`)).json().token;
}

const as = (token: string) => ({ 'x-identity-token': token });

beforeEach(async () => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-saved-')), 'data');
  app = await build();
});
afterEach(async () => {
  await app.close();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe('saved listings', () => {
  it('saves and unsaves per consumer, newest first, and keeps them across a restart', async () => {
    const token = await tokenFor('saver@example.com');
    const save = (listingId: string, saved: boolean) =>
      app.inject({ method: 'POST', url: '/account-api/saved-listings', headers: as(token), payload: { listingId, saved } });
    expect((await save('L1', true)).json()).toEqual({ listingIds: ['L1'] });
    expect((await save('L2', true)).json()).toEqual({ listingIds: ['L2', 'L1'] });
    expect((await save('L1', false)).json()).toEqual({ listingIds: ['L2'] });
    await app.close();
    app = await build();
    expect((await app.inject({ url: '/account-api/saved-listings', headers: as(token) })).json()).toEqual({ listingIds: ['L2'] });
    const other = await tokenFor('other@example.com');
    expect((await app.inject({ url: '/account-api/saved-listings', headers: as(other) })).json()).toEqual({ listingIds: [] });
  });

  it('needs a signed-in consumer and a listing id', async () => {
    expect((await app.inject('/account-api/saved-listings')).statusCode).toBe(401);
    const token = await tokenFor('saver@example.com');
    const bad = await app.inject({
      method: 'POST',
      url: '/account-api/saved-listings',
      headers: as(token),
      payload: { listingId: '../x', saved: true },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a consumer's leads", () => {
  it('lists what the signed-in consumer sent, newest first, and nobody else sees them', async () => {
    const token = await tokenFor('lead@example.com');
    const send = (listingId: string) =>
      app.inject({
        method: 'POST',
        url: '/account-api/leads',
        headers: as(token),
        payload: { listingId, firstName: 'Sam', lastName: 'Rivera', email: 'lead@example.com', comment: 'Is it available?' },
      });
    expect((await send('L1')).json().status).toBe('SUCCESS');
    await send('L2');
    const mine = (await app.inject({ url: '/account-api/leads', headers: as(token) })).json().leads;
    expect(mine.map((l: { listingId: string }) => l.listingId)).toEqual(['L2', 'L1']);
    expect(mine[0]).toMatchObject({ kind: 'email', email: 'lead@example.com', comment: 'Is it available?' });
    const other = await tokenFor('other@example.com');
    expect((await app.inject({ url: '/account-api/leads', headers: as(other) })).json().leads).toEqual([]);
    expect((await app.inject('/account-api/leads')).statusCode).toBe(401);
  });
});

describe('make-offer payments script', () => {
  it('listens to the page events and sends offers through the lead call', () => {
    expect(MAKE_OFFER_SCRIPT).toContain("'psx.listingActions.openMakeOffer'");
    expect(MAKE_OFFER_SCRIPT).toContain("'makeOfferModalIsLoaded'");
    expect(MAKE_OFFER_SCRIPT).toContain("fetch('/account-api/leads'");
    // It is plain JavaScript the browser can parse.
    expect(() => new Function(MAKE_OFFER_SCRIPT)).not.toThrow();
  });
});
