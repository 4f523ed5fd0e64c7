import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { upstreamAnswers, warmUp } from '../src/warm-up';
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
