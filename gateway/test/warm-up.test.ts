import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { listenAndWarmUp, regionLog, upstreamAnswers, warmUp, WARM_UP_HEADER, type WarmUpResult } from '../src/warm-up';
import { loadConfig } from '../src/config';

describe('warm-up after start', () => {
  it('asks for each page until it answers, follows the normalising redirect, then asks again', async () => {
    const app = Fastify();
    const seen: string[] = [];
    let failures = 2;
    app.get('/cars-for-sale', async (request, reply) => {
      seen.push(request.url);
      if (failures-- > 0) return reply.code(503).send('upstream starting');
      return reply.type('text/html').send('<p>page</p>');
    });
    app.get('/cars-for-sale/all/ford/f150', async (request, reply) => {
      seen.push(request.url);
      return reply.redirect('/cars-for-sale/all/ford/f-150?listingType=USED', 301);
    });
    app.get('/cars-for-sale/all/ford/f-150', async (request) => {
      seen.push(request.url);
      return 'ok';
    });
    const results = await warmUp(app, {
      paths: ['/cars-for-sale?listingType=USED', '/cars-for-sale/all/ford/f150?listingType=USED'],
      delayMs: 1,
    });
    expect(results).toEqual([
      { path: '/cars-for-sale?listingType=USED', status: 200, attempts: 3 },
      { path: '/cars-for-sale/all/ford/f-150?listingType=USED', status: 200, attempts: 2 },
    ]);
    // A second round over the answered pages.
    expect(seen.filter((u) => u === '/cars-for-sale?listingType=USED')).toHaveLength(4);
    expect(seen.filter((u) => u === '/cars-for-sale/all/ford/f-150?listingType=USED')).toHaveLength(2);
    await app.close();
  });

  it("logs a region its own pages leave to the browser as info; a shopper's page, one claiming to be a warm-up's, as a warning", async () => {
    const lines: { level: number; msg: string; warmUp?: boolean; remote?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    app.get('/cars-for-sale', async (request) => {
      regionLog(request).warn({ remote: 'mf-results', cause: 'timeout' }, 'region left to the browser');
      return 'page';
    });
    await warmUp(app, { paths: ['/cars-for-sale'], rounds: 1, delayMs: 1 });
    await app.inject({ method: 'GET', url: '/cars-for-sale' });
    await app.inject({ method: 'GET', url: '/cars-for-sale', headers: { [WARM_UP_HEADER]: 'guessed' } });
    await app.close();
    const regions = lines.filter((l) => l.msg === 'region left to the browser');
    expect(regions.map((l) => [l.level, l.warmUp, l.remote])).toEqual([
      [30, true, 'mf-results'],
      [40, undefined, 'mf-results'],
      [40, undefined, 'mf-results'],
    ]);
  });

  it('asks for no page until the upstream answers at all', async () => {
    const upstream = Fastify();
    // A free port nothing listens on yet: the upstream still starting.
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const { port } = upstream.server.address() as AddressInfo;
    await upstream.close();
    const base = `http://127.0.0.1:${port}`;
    expect(await upstreamAnswers(base)).toBe(false);

    const app = Fastify();
    let asked = 0;
    app.get('/cars-for-sale', async () => {
      asked++;
      return 'ok';
    });
    let checks = 0;
    const late = Fastify();
    late.get('/', async (_request, reply) => reply.code(404).send());
    const ready = async () => {
      // The upstream starts after the third check; until then, no page is asked.
      if (++checks === 3) await late.listen({ port, host: '127.0.0.1' });
      else expect(asked).toBe(0);
      return upstreamAnswers(base);
    };
    const results = await warmUp(app, { paths: ['/cars-for-sale'], delayMs: 1, ready });
    expect(checks).toBe(3);
    expect(results).toEqual([{ path: '/cars-for-sale', status: 200, attempts: 1 }]);
    await Promise.all([app.close(), late.close()]);
  });

  it('gives up on a page that never answers, after its attempts', async () => {
    const app = Fastify();
    app.get('/cars-for-sale', async (_request, reply) => reply.code(503).send('down'));
    const results = await warmUp(app, { paths: ['/cars-for-sale'], attempts: 3, delayMs: 1 });
    expect(results).toEqual([{ path: '/cars-for-sale', status: 503, attempts: 3 }]);
    await app.close();
  });

  it('reads WARM_UP_PATHS: page paths only, none turns it off', () => {
    const warmUpPaths = (env: NodeJS.ProcessEnv) => loadConfig(env).warmUpPaths;
    expect(warmUpPaths({})).toEqual(['/cars-for-sale?listingType=USED', '/cars-for-sale/all/ford/f150?listingType=USED']);
    expect(warmUpPaths({ WARM_UP_PATHS: 'none' })).toEqual([]);
    expect(warmUpPaths({ WARM_UP_PATHS: '/cars-for-sale?zip=30301, http://elsewhere/x ,/metrics' })).toEqual(['/cars-for-sale?zip=30301']);
  });
});

describe('listening and the warm-up', () => {
  /** What happened, in order: 'listen', 'warm', 'warmed', and each log message. */
  const run = async (opts: { first: boolean; warmMs: number; firstWithinMs?: number }) => {
    const events: string[] = [];
    const logged: { obj: object; msg: string }[] = [];
    const log = (obj: object, msg: string) => {
      logged.push({ obj, msg });
      events.push(msg);
    };
    const warm = async (): Promise<WarmUpResult[]> => {
      events.push('warm');
      await new Promise((r) => setTimeout(r, opts.warmMs));
      events.push('warmed');
      return [{ path: '/cars-for-sale', status: 200, attempts: 1 }];
    };
    await listenAndWarmUp({
      listen: async () => events.push('listen'),
      warm,
      first: opts.first,
      firstWithinMs: opts.firstWithinMs,
      log: { info: log, warn: log },
    });
    events.push('returned');
    await new Promise((r) => setTimeout(r, opts.warmMs + 50));
    return { events, logged };
  };

  it('listens first, then warms up (a process serving alone: a cold page rather than a refused connection)', async () => {
    const { events, logged } = await run({ first: false, warmMs: 20 });
    expect(events).toEqual(['listen', 'warm', 'returned', 'warmed', 'warm-up done']);
    expect(logged[0].obj).toMatchObject({ beforeListening: false, warmUp: [{ status: 200 }] });
  });

  it('warms up before it listens when others serve meanwhile (a worker started again)', async () => {
    const { events, logged } = await run({ first: true, warmMs: 20 });
    expect(events).toEqual(['warm', 'warmed', 'warm-up done', 'listen', 'returned']);
    expect(logged[0].obj).toMatchObject({ beforeListening: true });
  });

  it('listens once its time to warm up first is over, the warm-up going on', async () => {
    const { events } = await run({ first: true, warmMs: 300, firstWithinMs: 30 });
    expect(events).toEqual([
      'warm',
      'warm-up not done in time: listening while it goes on',
      'listen',
      'returned',
      'warmed',
      'warm-up done',
    ]);
  });

  it('listens at once with no warm-up to do', async () => {
    const events: string[] = [];
    await listenAndWarmUp({
      listen: async () => events.push('listen'),
      warm: null,
      first: true,
      log: { info: () => undefined, warn: () => undefined },
    });
    expect(events).toEqual(['listen']);
  });
});
