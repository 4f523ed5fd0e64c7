/**
 * The composed page for the browser suite and the page benchmark: the embedded upstream, the
 * gateway in staging mode, and a server that accepts connections and never answers (a remote
 * that hangs). All on 127.0.0.1, ephemeral ports. Prints one JSON line with the URLs, then runs
 * until its parent closes stdin (so it stops by itself when the test runner goes away).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildUpstream } from '@cfs/upstream';
import { buildGateway, loadConfig, warmUp } from 'gateway';

async function main() {
  const upstream = await buildUpstream({
    listings: Number(process.env.UPSTREAM_LISTINGS || 5000),
    dataDir: process.env.UPSTREAM_DATA_DIR,
    logger: false,
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;

  const config = loadConfig({
    ...process.env,
    UPSTREAM_URL: upstreamUrl,
    GATEWAY_MODE: 'staging',
    REMOTE_TIMEOUT_MS: process.env.REMOTE_TIMEOUT_MS || '3000',
    // A region budget the suite's assertions never race against on a busy 2-core machine (the
    // product's default is 50 ms; the gateway's Jest suite tests the budget itself).
    SSR_BUDGET_MS: process.env.SSR_BUDGET_MS || '1000',
    // The suite turns the upstream's faults on and off between pages, and each page must meet the
    // fault at once: an answer kept for signed-out pages (a few seconds in production) would hide
    // it. The gateway's Jest suite tests the keeping itself (shared-answers.test.ts).
    SSR_SHARED_ANSWERS_MS: process.env.SSR_SHARED_ANSWERS_MS || '0',
    // A canary is judged after 5 shoppers on each side (the product's default is 100): at 5 of 5
    // failing against none, the test's z is 3.16, past its 3.09.
    CANARY_MIN_SESSIONS: process.env.CANARY_MIN_SESSIONS || '5',
    LOG_LEVEL: 'warn',
  });
  const { app } = await buildGateway(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As `npm start` does, and before any test: a cold gateway's first page (its isolates loading
  // their containers) leaves regions to the browser, which a test reading the server's HTML
  // would meet only when it runs first.
  await warmUp(app, { paths: config.warmUpPaths });
  const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const hanging = http.createServer(() => {
    /* never answers */
  });
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  const hangUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;

  process.stdout.write(`${JSON.stringify({ gatewayUrl, upstreamUrl, hangUrl })}\n`);

  const stop = async () => {
    hanging.closeAllConnections();
    hanging.close();
    await Promise.allSettled([app.close(), upstream.close()]);
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
