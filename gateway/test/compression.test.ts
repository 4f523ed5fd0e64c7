import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { BROTLI_WINDOW_BITS, registerCompression, WHOLE_MIN_BYTES } from '../src/compression';

/** Text that compresses, as a page does, of `bytes` bytes. */
const text = (bytes: number) => Array.from({ length: bytes }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');

describe('answers compressed as the gateway sends them', () => {
  let app: FastifyInstance;
  const page = text(WHOLE_MIN_BYTES * 4);
  const small = text(WHOLE_MIN_BYTES / 2);

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').header('vary', 'Cookie').send(page));
    app.get('/json', async () => ({ items: [page] }));
    app.get('/small', async (_req, reply) => reply.type('text/html; charset=utf-8').send(small));
    app.get('/events', async (_req, reply) => reply.type('text/event-stream').send(page));
    app.get('/encoded', async (_req, reply) =>
      reply
        .type('text/plain')
        .header('content-encoding', 'gzip')
        .send(zlib.gzipSync(Buffer.from(page))),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['deflate', (b: Buffer) => zlib.inflateSync(b)],
  ] as const)(
    'a page held whole goes out in %s, whole, its length known, Vary kept and accept-encoding added',
    async (encoding, decode) => {
      const res = await app.inject({ url: '/page', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      // Compressed in one job: the length is known (a piped answer goes out chunked, without one).
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.headers.vary).toBe('cookie, accept-encoding');
      expect(decode(res.rawPayload).toString()).toBe(page);
    },
  );

  it("prefers brotli among equals, at the gateway's window, and honours what the request weighs", async () => {
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const first = br.rawPayload[0];
    expect(17 + ((first >> 1) & 7)).toBe(BROTLI_WINDOW_BITS);
    const gzip = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br;q=0.1, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const any = await app.inject({ url: '/page', headers: { 'accept-encoding': '*' } });
    expect(any.headers['content-encoding']).toBe('gzip');
  });

  it('sends JSON answers held whole the same way', async () => {
    const res = await app.inject({ url: '/json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual({ items: [page] });
  });

  it('leaves a small answer to the plugin, which compresses it too', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(small);
  });

  it('sends as it is what the request does not accept compressed, asks not to be compressed, or is already encoded or a stream of events', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }]) {
      const res = await app.inject({ url: '/page', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(page);
    }
    const events = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br' } });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(page);
    const encoded = await app.inject({ url: '/encoded', headers: { 'accept-encoding': 'br' } });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(encoded.rawPayload).toString()).toBe(page);
  });
});
