/**
 * Child processes of the proxy benchmark, each on 127.0.0.1 with an ephemeral port, each printing
 * one JSON line with its URL(s) and then running until its stdin closes (so it stops by itself
 * when the benchmark goes away):
 *   tsx bench/servers.ts upstream   the embedded upstream (buildUpstream, BENCH_LISTINGS listings)
 *   tsx bench/servers.ts proxies    with UPSTREAM_URL: the gateway over undici, the gateway over
 *                                   axios's own http adapter, @fastify/http-proxy (reference), and
 *                                   a bare Fastify answering a constant (the floor of one answer)
 *   tsx bench/servers.ts gateway    with UPSTREAM_URL: the gateway as `npm start` runs it, with the
 *                                   shell and the six remotes' builds deployed (the page is
 *                                   server-rendered); the stdin line `rss` answers its RSS
 * Lines on stdin of the proxies process: `open <name>` / `close <name>` force a gateway breaker
 * (both gateways), answered with one JSON line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { buildGateway, type Gateway } from '../src/app';
import { loadConfig } from '../src/config';
import { DEPLOYABLES, RegistryStore } from '../src/registry/store';

const urlOf = (server: { address(): string | AddressInfo | null }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function upstream() {
  // Loaded here so the proxies process does not pay for the catalogue.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module chosen at run time, loaded only here
  const { buildUpstream } = require(process.env.BENCH_UPSTREAM_MODULE || '@cfs/upstream') as typeof import('@cfs/upstream');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-bench-upstream-'));
  const app = await buildUpstream({ listings: Number(process.env.BENCH_LISTINGS || 3000), dataDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    urls: { upstream: urlOf(app.server) },
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function proxies() {
  const upstreamUrl = process.env.UPSTREAM_URL!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-bench-gateway-'));
  const gateways: Gateway[] = [];
  for (const httpClient of ['undici', 'node']) {
    const config = loadConfig({ UPSTREAM_URL: upstreamUrl, GATEWAY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', GATEWAY_HTTP_CLIENT: httpClient });
    const gw = await buildGateway(config, { logger: false, defaultMetrics: false });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    gateways.push(gw);
  }
  const ref = Fastify({ logger: false });
  await ref.register(httpProxy, { upstream: upstreamUrl, prefix: '/rest', rewritePrefix: '/rest' });
  await ref.listen({ port: 0, host: '127.0.0.1' });
  // The floor: Fastify answering a constant with no plugin and no hook, in the same process.
  const floor = Fastify({ logger: false });
  floor.get('/*', async () => ({ ok: true }));
  await floor.listen({ port: 0, host: '127.0.0.1' });

  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const [cmd, name] = line.trim().split(/\s+/);
    for (const gw of gateways) {
      const b = gw.client.breakers.get(name);
      if (b && cmd === 'open') b.open();
      if (b && cmd === 'close') b.close();
    }
    process.stdout.write(`${JSON.stringify({ done: cmd, name, opened: gateways.map((g) => g.client.breakers.get(name)?.opened) })}\n`);
  });
  return {
    urls: {
      gateway: urlOf(gateways[0].app.server),
      gatewayNode: urlOf(gateways[1].app.server),
      reference: urlOf(ref.server),
      floor: urlOf(floor.server),
    },
    close: async () => {
      rl.close();
      await Promise.allSettled([...gateways.map((g) => g.app.close()), ref.close(), floor.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function gateway() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-bench-page-'));
  const store = new RegistryStore(dataDir);
  const root = path.resolve(__dirname, '..', '..');
  for (const name of DEPLOYABLES) await store.switch(name, await store.publish(name, path.join(root, name, 'dist')));
  const config = loadConfig({ ...process.env, UPSTREAM_URL: process.env.UPSTREAM_URL!, GATEWAY_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const gw = await buildGateway(config, { logger: false });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    if (line.trim() === 'rss') process.stdout.write(`${JSON.stringify({ rssMb: Math.round(process.memoryUsage().rss / 1e5) / 10 })}\n`);
  });
  return {
    urls: { gateway: urlOf(gw.app.server) },
    close: async () => {
      rl.close();
      await gw.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const role = process.argv[2];
  const started =
    role === 'upstream' ? await upstream() : role === 'proxies' ? await proxies() : role === 'gateway' ? await gateway() : null;
  if (!started) throw new Error('usage: servers.ts upstream|proxies|gateway');
  process.stdout.write(`${JSON.stringify(started.urls)}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void started.close().finally(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Never outlive a benchmark run.
  setTimeout(stop, Number(process.env.BENCH_MAX_LIFETIME_MS || 15 * 60_000)).unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
