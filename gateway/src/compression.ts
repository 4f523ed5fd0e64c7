/**
 * How the gateway compresses what it sends (its code is compressed at publish: registry/store.ts).
 *
 * An answer the gateway holds whole (a page, a JSON answer) larger than WHOLE_MIN_BYTES is
 * compressed in one job on libuv's thread pool (zlib.brotliCompress of the whole buffer), off the
 * event loop. @fastify/compress pipes such an answer through a compression stream instead: the
 * page is cut into chunks, and each chunk costs the gateway's thread a stream write, a callback
 * and a wake-up, for the same compressed bytes. Under the page bench that stream handling took
 * some 9 % of the gateway's thread. A smaller answer is compressed at once on the thread by the
 * plugin (its syncThreshold, 8 KB on 2 cores: cheaper than a job on the pool), and a stream (a
 * file) is piped by it as before.
 *
 * Brotli quality 3 (BROTLI_QUALITY): a page comes to some 36 to 41 KB, under the 43 KB that reach
 * a phone on a new connection in one round trip. CPU is the gateway's limit under load (the page
 * bench): a page took 1.4 ms of it at quality 3, 2.0 ms at 4 for 4 % fewer bytes (1.4 KB), and a
 * third more again at 5 for 8 % fewer. The window is 512 KB (BROTLI_PARAM_LGWIN 19), not brotli's
 * 4 MB: no page is that long, so not a byte is lost, but each job's memory falls from about 10 MB
 * to 1 MB. Node reports that memory to V8, and 16 pages in flight at 10 MB each kept the gateway's
 * heap in a full collection several times a second ('external memory pressure'), each one also
 * dropping the optimised code of the closures the next pages create.
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mergedVary } from './page/headers';

/** The brotli window of compressed answers: 2^19 = 512 KB, longer than any page. */
export const BROTLI_WINDOW_BITS = 19;
/** Brotli quality of what the gateway compresses as it sends (pages, answers). */
export const BROTLI_QUALITY = 3;
/** Answers below this are not compressed (as @fastify/compress's default). */
const THRESHOLD_BYTES = 1024;
/** Held answers from this size are compressed whole on the thread pool; smaller ones by the plugin, on the thread. */
export const WHOLE_MIN_BYTES = 8 * 1024;

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS },
};

/**
 * The compressible types (text, JSON, XML, octet-stream; not event streams), of both paths: the
 * plugin takes them as its `customTypes` (its default is the same), beside the types mime-db marks
 * compressible.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';
/** In the plugin's order of preference, among those a request accepts equally. */
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'deflate', 'identity'] });

/** The encoding to send a request's answer in, as the plugin reads Accept-Encoding (`*` and x-gzip as gzip). */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
}

const compressWhole: Record<Exclude<Encoding, 'identity'>, (b: Buffer, cb: (err: Error | null, out: Buffer) => void) => void> = {
  br: (b, cb) => zlib.brotliCompress(b, BROTLI_OPTIONS, cb),
  gzip: (b, cb) => zlib.gzip(b, cb),
  deflate: (b, cb) => zlib.deflate(b, cb),
};

/** What the whole-answer path takes: a held answer of a compressible type, not yet encoded, not a range. */
function wholeEncoding(request: FastifyRequest, reply: FastifyReply, payload: unknown): Exclude<Encoding, 'identity'> | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (request.headers['x-no-compression'] !== undefined || reply.statusCode === 206) return null;
  if (reply.getHeader('content-range') !== undefined) return null;
  const encoded = reply.getHeader('content-encoding');
  if (encoded && encoded !== 'identity') return null;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return null;
  const encoding = acceptedEncoding(request);
  return encoding && encoding !== 'identity' ? encoding : null;
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own hook (app hooks before the route's); an answer it encodes the
  // plugin passes through, as already encoded.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = wholeEncoding(request, reply, payload);
    const held = payload as string | Buffer;
    if (!encoding || Buffer.byteLength(held) < WHOLE_MIN_BYTES) return done(null, payload);
    compressWhole[encoding](Buffer.isBuffer(held) ? held : Buffer.from(held), (err, out) => {
      // An answer this cannot compress goes on to the plugin, as any other.
      if (err) return done(null, payload);
      reply.header('vary', mergedVary(reply.getHeader('vary'), ['accept-encoding']));
      reply.header('content-encoding', encoding);
      reply.header('content-length', out.length);
      done(null, out);
    });
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE,
  });
}
