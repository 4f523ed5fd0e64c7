/** Security rules as units: return URLs, cookie hardening, CSP, dealer HTML sanitising, helmet headers. */
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { cspHeader, hardenSetCookie, helmetOptions, safeReturnUrl } from '../src/security';
import { safeLink, sanitizeDealerDiff, sanitizeDealerHtml } from '../src/proxy/sanitize';

const ORIGIN = 'http://cars.test:8080';

describe('sign-in return URLs are same-origin only', () => {
  it.each([
    ['/cars-for-sale?makeCode=FORD', '/cars-for-sale?makeCode=FORD'],
    ['/cars-for-sale/all/ford#top', '/cars-for-sale/all/ford#top'],
    [`${ORIGIN}/cars-for-sale?zip=30301`, '/cars-for-sale?zip=30301'],
  ])('keeps %s', (raw, want) => expect(safeReturnUrl(raw, ORIGIN)).toBe(want));

  it.each([
    'https://evil.example/cars-for-sale',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://cars.test:9999/other-port',
    'https://cars.test:8080/other-scheme',
    '/cars\n-for-sale',
    'cars-for-sale',
    '',
    // The OWASP open-redirect cheat sheet's bypasses: dot segments and encoded dots that resolve
    // to a scheme-relative path, the own origin followed by '//', backslashes, userinfo, mixed
    // case, encoded and literal whitespace and control characters.
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/..//evil.example',
    '/cars-for-sale/..//evil.example/x',
    '/./\\evil.example',
    `${ORIGIN}//evil.example`,
    `${ORIGIN}/.//evil.example`,
    'HtTpS://evil.example',
    'hTTp://evil.example',
    'http:evil.example',
    'http:/evil.example',
    'https:/\\evil.example',
    `http://cars.test:8080@evil.example/`,
    `http://user:pass@cars.test:8080/cars-for-sale`,
    '/\t/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/ /evil.example',
    '/\u3000/evil.example',
    '/\u00a0/evil.example',
    '/\r\n//evil.example',
    '//\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    'javaScript:alert(1)',
    'java\tscript:alert(1)',
    '%2F%2Fevil.example',
    '///evil.example',
    '////evil.example',
  ])('refuses %s', (raw) => expect(safeReturnUrl(raw, ORIGIN)).toBe('/cars-for-sale'));

  it.each(['/%2F%2Fevil.example', '/%5Cevil.example', '/%09/evil.example'])('keeps %s as a path of this origin', (raw) => {
    // Percent-encoded slashes, backslashes and tabs stay encoded: a path on this host.
    expect(safeReturnUrl(raw, ORIGIN)).toBe(raw);
  });

  it('refuses what is not a string, and very long URLs', () => {
    expect(safeReturnUrl(`/${'x'.repeat(3000)}`, ORIGIN)).toBe('/cars-for-sale');
    expect(safeReturnUrl(undefined, ORIGIN)).toBe('/cars-for-sale');
    expect(safeReturnUrl(['/a'], ORIGIN)).toBe('/cars-for-sale');
  });
});

describe('cookies the gateway passes on', () => {
  it('become HttpOnly and SameSite=Lax, lose Domain, and are Secure only over TLS', () => {
    const raw = 'cfs_session=abc123; Domain=upstream.internal; Path=/; Max-Age=3600; SameSite=None';
    const plain = hardenSetCookie(raw, false);
    expect(plain).toBe('cfs_session=abc123; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax');
    expect(hardenSetCookie(raw, true)).toBe('cfs_session=abc123; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure');
    expect(hardenSetCookie('a=b', false)).toBe('a=b; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('Content-Security-Policy', () => {
  it("allows scripts only from 'self' and the registry's origins", () => {
    const csp = cspHeader({ registryOrigins: ['https://cdn.example'], tls: false });
    expect(csp).toContain("script-src 'self' https://cdn.example;");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(cspHeader({ registryOrigins: [], tls: true })).toContain('upgrade-insecure-requests');
  });

  it('adds staging override origins (and eval for dev builds) only when given', () => {
    const csp = cspHeader({ registryOrigins: [], overrideOrigins: ['http://127.0.0.1:3101'], tls: false });
    expect(csp).toContain("script-src 'self' http://127.0.0.1:3101 'unsafe-eval'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:3101 ws://127.0.0.1:3101");
  });

  it("@fastify/helmet answers with the gateway's choices", async () => {
    const headersOf = async (tls: boolean) => {
      const app = Fastify();
      await app.register(fastifyHelmet, helmetOptions({ tls, registryOrigins: [] }, { remotes: {} }));
      app.get('/', async () => 'ok');
      const res = await app.inject({ url: '/' });
      await app.close();
      return res.headers;
    };
    const h = await headersOf(false);
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['cross-origin-resource-policy']).toBe('same-site');
    expect(h['cross-origin-embedder-policy']).toBeUndefined();
    expect(h['strict-transport-security']).toBeUndefined();
    expect((await headersOf(true))['strict-transport-security']).toContain('max-age=');
  });
});

describe('dealer difference content is sanitised', () => {
  it('drops scripts, handlers, javascript: links and frames; keeps formatting', () => {
    const html =
      '<h3 onclick="steal()">Why us</h3><script>alert(1)</script><p style="x">Family <b>owned</b></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://dealer.example" target="_top">site</a>' +
      '<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAA"><iframe src="https://evil"></iframe><svg onload=alert(1)>';
    const out = sanitizeDealerHtml(html);
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|svg|data:|style=/i);
    expect(out).toContain('<h3>Why us</h3>');
    expect(out).toContain('<b>owned</b>');
    expect(out).toContain('<a href="https://dealer.example" target="_blank" rel="noopener noreferrer">site</a>');
    expect(sanitizeDealerHtml(42)).toBe('');
  });

  it('checks the JSON content: htmlContent, cta link and logo', () => {
    const out = sanitizeDealerDiff({
      htmlContent: '<p>ok</p><script>x</script>',
      cta: { label: 'Visit', offsite: true, link: 'javascript:alert(1)' },
      logo: { src: 'https://img.example/logo.png' },
      tagline: 'kept',
    }) as Record<string, unknown>;
    expect(out).toEqual({
      htmlContent: '<p>ok</p>',
      cta: { label: 'Visit', offsite: true },
      logo: { src: 'https://img.example/logo.png' },
      tagline: 'kept',
    });
    expect(safeLink('/cars-for-sale')).toBe('/cars-for-sale');
    expect(safeLink('//evil.example')).toBeUndefined();
    expect(safeLink('vbscript:x')).toBeUndefined();
  });
});
