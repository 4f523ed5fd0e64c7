/** The axios adapter over undici: axios's contract kept (absolute URLs refused, deadline, abort, no redirects). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { type AxiosInstance } from 'axios';
import { createUndiciAdapter, type UndiciAdapter } from '../src/proxy/adapter';

/** Answers to read as JSON: an object with characters past ASCII, a literal, and text that is not JSON. */
const BODIES: Record<string, string> = {
  object: JSON.stringify({ label: '$10,000 – $15,000', seller: 'Señor Autos 🚗', list: ['—'] }),
  literal: '"123"',
  broken: '{ "label": "$10,000 – ',
};

describe('axios over undici', () => {
  let server: http.Server;
  let base: string;
  let undici: UndiciAdapter;
  let client: AxiosInstance;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
      if (req.url?.startsWith('/json')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, url: req.url }));
      } else if (req.url === '/echo') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ body, type: req.headers['content-type'], token: req.headers['x-identity-token'] ?? null }));
        });
      } else if (req.url?.startsWith('/body/')) {
        res.setHeader('content-type', 'application/json');
        res.end(BODIES[req.url.slice('/body/'.length)]);
      } else if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest' });
        res.end();
      } else if (req.url === '/big') {
        res.end('x'.repeat(10_000));
      } else if (req.url === '/hang') {
        // never answers
      } else {
        res.writeHead(404);
        res.end('nope');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    undici = createUndiciAdapter({ connections: 4 });
    client = axios.create({
      baseURL: base,
      adapter: undici.adapter,
      allowAbsoluteUrls: false,
      maxRedirects: 0,
      validateStatus: () => true,
    });
  });
  afterAll(async () => {
    await undici.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('combines baseURL, url and params, and parses JSON', async () => {
    const res = await client.get('/json', { params: new URLSearchParams('a=1&b=x y') });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true, url: '/json?a=1&b=x+y' });
    const obj = await client.get('/json', { params: { makeCode: ['FORD', 'BMW'], zip: '30301' } });
    expect(obj.data.url).toBe('/json?makeCode=FORD&makeCode=BMW&zip=30301');
  });

  it('sends a JSON body with its content type and extra headers', async () => {
    const res = await client.post('/echo', { a: 1 }, { headers: { 'x-identity-token': 'tok' } });
    expect(res.data).toEqual({ body: '{"a":1}', type: 'application/json', token: 'tok' });
  });

  it('gives a JSON answer the value axios would, read from its bytes the fast way', async () => {
    const get = async (name: string) => (await client.get(`/body/${name}`, { responseType: 'json' })).data as unknown;
    expect(await get('object')).toEqual({ label: '$10,000 – $15,000', seller: 'Señor Autos 🚗', list: ['—'] });
    // A literal is left to axios, which parses it once (as before: not the number 123).
    expect(await get('literal')).toBe('123');
    // Text that is not JSON stays the text as sent, characters and all.
    expect(await get('broken')).toBe(BODIES.broken);
  });

  it('gives a Buffer for responseType arraybuffer', async () => {
    const res = await client.get('/json', { responseType: 'arraybuffer' });
    expect(Buffer.isBuffer(res.data)).toBe(true);
    expect(JSON.parse(res.data.toString())).toEqual({ ok: true, url: '/json' });
  });

  it('refuses absolute and protocol-relative URLs instead of leaving the upstream', async () => {
    const before = hits.length;
    await expect(client.get('http://169.254.169.254/latest')).rejects.toMatchObject({ code: 'ERR_INVALID_URL' });
    await expect(client.get('//evil.example/x')).rejects.toMatchObject({ code: 'ERR_INVALID_URL' });
    expect(hits.length).toBe(before);
  });

  it('never follows a redirect', async () => {
    const res = await client.get('/redirect');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://169.254.169.254/latest');
  });

  it('ends a call at its deadline', async () => {
    const err = await client.get('/hang', { timeout: 50, transitional: { clarifyTimeoutError: true } }).catch((e) => e);
    expect(err.code).toBe('ETIMEDOUT');
    const err2 = await client.get('/hang', { timeout: 50 }).catch((e) => e);
    expect(err2.code).toBe('ECONNABORTED');
  });

  it("honours the caller's abort with a CanceledError", async () => {
    const ctrl = new AbortController();
    const p = client.get('/hang', { signal: ctrl.signal }).catch((e) => e);
    setImmediate(() => ctrl.abort());
    expect(axios.isCancel(await p)).toBe(true);
    const pre = new AbortController();
    pre.abort();
    expect(axios.isCancel(await client.get('/json', { signal: pre.signal }).catch((e) => e))).toBe(true);
  });

  it('applies validateStatus and maxContentLength', async () => {
    const strict = axios.create({ baseURL: base, adapter: undici.adapter, allowAbsoluteUrls: false });
    await expect(strict.get('/missing')).rejects.toMatchObject({ response: { status: 404 } });
    await expect(client.get('/big', { maxContentLength: 100 })).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
  });

  it('reports a refused connection as an axios error', async () => {
    const dead = axios.create({ baseURL: 'http://127.0.0.1:1', adapter: undici.adapter, allowAbsoluteUrls: false });
    const err = await dead.get('/x').catch((e) => e);
    expect(axios.isAxiosError(err)).toBe(true);
    expect(err.code).toBe('ECONNREFUSED');
  });
});
