/**
 * The one gate of every write (security.ts writeGuard), against the real upstream: one rate limit
 * per client across all write routes, keyed on the address the gateway trusts (never on a header
 * a client can set); cross-site writes refused (login CSRF, cross-site form and beacon posts);
 * only the content types a route reads.
 */
import type { InjectOptions } from 'fastify';
import { parseTrustProxy } from '../src/config';
import { crossSiteRefusal, writeClientKey } from '../src/security';
import { startAround, startGateway, type TestGateway, type Upstream } from './helpers';

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

const device = (headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/cars-for-sale/consumer-device/browser',
  headers: { ...JSON_TYPE, ...headers },
  payload: JSON.stringify({ brand: 'atc', pixall_id: 'p1', browser_token: 'tok' }),
});
const report = (headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/account-api/report-listing',
  headers: { ...JSON_TYPE, ...headers },
  payload: JSON.stringify({ listingId: 'L1', reason: 'Wrong price' }),
});
const subscribe = (headers: Record<string, string>, payload: string): InjectOptions => ({
  method: 'POST',
  url: '/account-api/email-subscriptions',
  headers,
  payload,
});
const signIn = (headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/account/signin',
  headers: { ...FORM_TYPE, host: 'cars.test', ...headers },
  payload: new URLSearchParams({ email: 'pat@example.com', returnUrl: '/cars-for-sale' }).toString(),
});

describe('the write gate', () => {
  let up: Upstream;
  let gw: TestGateway;

  startAround((both) => ({ up, gw } = both), { RATE_LIMIT_WRITES: '1000' });

  describe('one rate limit per client', () => {
    it('counts every write route of one client together, and not reads', async () => {
      const limited = await startGateway(up.url, { RATE_LIMIT_WRITES: '4' });
      try {
        const codes = [];
        for (const req of [device(), report(), device(), report(), device(), report()])
          codes.push((await limited.app.inject(req)).statusCode);
        expect(codes.slice(0, 4).every((c) => c < 400)).toBe(true);
        expect(codes.slice(4)).toEqual([429, 429]);
        const signInOver = await limited.app.inject(signIn());
        expect(signInOver.statusCode).toBe(429);
        expect(signInOver.json().error).toContain('at most 4 writes per minute');
        // Another client has its own allowance; reads are never limited.
        expect((await limited.app.inject({ ...device(), remoteAddress: '198.51.100.9' })).statusCode).toBeLessThan(400);
        expect((await limited.app.inject('/geo/zip/30301')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('keys on the address the trusted proxy saw: a rotating X-Forwarded-For does not get past it', async () => {
      // One proxy in front, on this machine (TRUST_PROXY=1): it appends the address it saw to what the client sent.
      const behindProxy = await startGateway(up.url, { RATE_LIMIT_WRITES: '3', TRUST_PROXY: '1' });
      try {
        const codes = [];
        for (let i = 0; i < 8; i++) {
          const res = await behindProxy.app.inject({
            ...device({ 'x-forwarded-for': `10.0.${i}.1, 203.0.113.7` }),
            remoteAddress: '127.0.0.1',
          });
          codes.push(res.statusCode);
        }
        expect(codes.filter((c) => c === 429)).toHaveLength(5);
        // A different client behind the same proxy is counted on its own.
        const other = await behindProxy.app.inject({ ...device({ 'x-forwarded-for': '203.0.113.8' }), remoteAddress: '127.0.0.1' });
        expect(other.statusCode).toBeLessThan(400);
      } finally {
        await behindProxy.close();
      }
      // Without a configured proxy the header is not believed at all.
      const direct = await startGateway(up.url, { RATE_LIMIT_WRITES: '2' });
      try {
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await direct.app.inject(device({ 'x-forwarded-for': `10.0.${i}.1` }))).statusCode);
        expect(codes.slice(2)).toEqual([429, 429]);
      } finally {
        await direct.close();
      }
    });

    it('counts IPv6 clients per /64 and IPv4-mapped addresses as their IPv4 address', async () => {
      const limited = await startGateway(up.url, { RATE_LIMIT_WRITES: '3' });
      try {
        // Stepping through the addresses of one /64 does not reset the count.
        const codes = [];
        for (let n = 1; n <= 6; n++)
          codes.push((await limited.app.inject({ ...device(), remoteAddress: `2001:db8:1:2::${n}` })).statusCode);
        expect(codes.slice(3)).toEqual([429, 429, 429]);
        // Another /64 is another client.
        expect((await limited.app.inject({ ...device(), remoteAddress: '2001:db8:1:3::1' })).statusCode).toBeLessThan(400);
        // 1.2.3.4 and ::ffff:1.2.3.4 are one client.
        const mixed = [];
        for (const addr of ['1.2.3.4', '::ffff:1.2.3.4', '1.2.3.4', '::ffff:1.2.3.4'])
          mixed.push((await limited.app.inject({ ...device(), remoteAddress: addr })).statusCode);
        expect(mixed.slice(3)).toEqual([429]);
      } finally {
        await limited.close();
      }
    });

    it.each([
      ['1.2.3.4', '1.2.3.4'],
      ['::ffff:1.2.3.4', '1.2.3.4'],
      ['::ffff:0102:0304', '1.2.3.4'],
      ['2001:db8:1:2::5', '2001:db8:1:2::/64'],
      ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
      ['::1', '0:0:0:0::/64'],
      ['not an address', 'not an address'],
    ])('writes from %s are counted as %s', (ip, key) => {
      expect(writeClientKey(ip)).toBe(key);
    });

    it('refuses a write body with a field its schema does not name: 400 naming the field, nothing sent on', async () => {
      const res = await gw.app.inject({
        ...report(),
        payload: JSON.stringify({ listingId: 'L1', reason: 'Wrong price', admin: true }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Invalid request: body has an unknown field 'admin'");
      const nested = await gw.app.inject({
        ...device(),
        payload: JSON.stringify({ brand: 'atc', pixall_id: 'p1', browser_token: 'tok', extra: 'x' }),
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().error).toContain("unknown field 'extra'");
      // The same body without it is taken.
      expect((await gw.app.inject(report())).statusCode).toBeLessThan(400);
    });

    it('reads TRUST_PROXY as the proxies\' addresses, never as "believe any header"', () => {
      expect(parseTrustProxy(undefined)).toBe(false);
      expect(parseTrustProxy('0')).toBe(false);
      expect(parseTrustProxy('false')).toBe(false);
      expect(parseTrustProxy('true')).toEqual(['loopback']);
      expect(parseTrustProxy('1')).toEqual(['loopback']);
      expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16, uniquelocal')).toEqual(['10.0.0.1', '10.1.0.0/16', 'uniquelocal']);
      expect(parseTrustProxy('*')).toBe(false);
      expect(parseTrustProxy('2')).toBe(false);
    });
  });

  describe('cross-site writes', () => {
    it('refuses a sign-in posted from another site (login CSRF), and sets no cookie', async () => {
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        const res = await gw.app.inject(signIn(headers));
        expect([JSON.stringify(headers), res.statusCode]).toEqual([JSON.stringify(headers), 403]);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.json().error).toContain('Cross-site request refused');
      }
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'http://cars.test' },
        { 'sec-fetch-site': 'none' },
        {},
      ]) {
        const res = await gw.app.inject(signIn(headers));
        expect([JSON.stringify(headers), res.statusCode]).toEqual([JSON.stringify(headers), 303]);
      }
    });

    it('refuses cross-site writes on every write route of the table', async () => {
      const writes = gw.client.routes.filter((r) => r.path && r.method !== 'GET');
      expect(writes.length).toBeGreaterThan(5);
      for (const route of writes) {
        const res = await gw.app.inject({
          method: route.method,
          url: route.path!.replace(/:([A-Za-z]+)/g, 'x'),
          headers: { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' },
          payload: '{}',
        });
        expect([route.name, res.statusCode]).toEqual([route.name, 403]);
      }
    });

    it('decides by Sec-Fetch-Site, else by Origin against the Host, else lets a non-browser through', () => {
      expect(crossSiteRefusal({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example', host: 'a' })).toBeNull();
      expect(crossSiteRefusal({ 'sec-fetch-site': 'cross-site', origin: 'http://a', host: 'a' })).toContain('cross-site');
      expect(crossSiteRefusal({ origin: 'http://cars.test:8080', host: 'cars.test:8080' })).toBeNull();
      expect(crossSiteRefusal({ origin: 'http://cars.test:8081', host: 'cars.test:8080' })).toContain('not this site');
      expect(crossSiteRefusal({ origin: 'not a url', host: 'a' })).toBe('Origin is not a URL');
      expect(crossSiteRefusal({ host: 'a' })).toBeNull();
    });
  });

  describe('content types', () => {
    it('reads an email subscription as JSON only: a text/plain or form post gets 415', async () => {
      const body = JSON.stringify({ email: 'pat@example.com', brand: 'atc' });
      const plain = await gw.app.inject(subscribe({ 'content-type': 'text/plain' }, body));
      expect(plain.statusCode).toBe(415);
      expect(plain.json().error).toBe('Unsupported content type text/plain: send application/json');
      expect((await gw.app.inject(subscribe(FORM_TYPE, 'email=pat%40example.com&brand=atc'))).statusCode).toBe(415);
      expect((await gw.app.inject(subscribe({}, body))).statusCode).toBe(415);
      expect((await gw.app.inject(subscribe({ 'content-type': 'application/json; charset=utf-8' }, body))).statusCode).toBe(201);
    });

    it('reads a still-interested beacon sent as text/plain', async () => {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/account-api/still-interested',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' },
        payload: JSON.stringify({ brand: 'atc', vins: ['1FTFW1E50PFA00001'] }),
      });
      expect(res.statusCode).not.toBe(415);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('reads the sign-in page as its form posts it, not as JSON', async () => {
      const res = await gw.app.inject({
        ...signIn(),
        headers: { ...JSON_TYPE, host: 'cars.test' },
        payload: JSON.stringify({ email: 'pat@example.com' }),
      });
      expect(res.statusCode).toBe(415);
    });
  });
});
