/**
 * The product as `npm start` runs it, for the benchmarks that measure the page as shoppers meet
 * it: the compiled gateway (production mode, the default region budget, its warm-up) and the
 * embedded upstream as two processes under the same supervisor, on free 127.0.0.1 ports, with the
 * built remotes published into a temporary registry. Stops by itself with its parent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishAll } from './stack';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the supervisor is CommonJS, shared with npm start
const supervisor = require('@cfs/tools') as {
  serverSpecs(o: { upstreamPort: string; port: string; env: NodeJS.ProcessEnv }): unknown[];
  supervise(specs: unknown[], o: { log: (m: string) => void }): { stop(): Promise<void> };
  freePort(): Promise<number>;
};

export interface Product {
  gatewayUrl: string;
  stop(): Promise<void>;
}

export async function startProduct(): Promise<Product> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-product-'));
  await publishAll(path.join(dataDir, 'gateway'));
  const [port, upstreamPort] = [String(await supervisor.freePort()), String(await supervisor.freePort())];
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    GATEWAY_DATA_DIR: path.join(dataDir, 'gateway'),
    UPSTREAM_DATA_DIR: path.join(dataDir, 'upstream'),
    LOG_LEVEL: 'warn',
  };
  const servers = supervisor.supervise(supervisor.serverSpecs({ upstreamPort, port, env }), { log: () => undefined });
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await servers.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', () => void servers.stop());
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${gatewayUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { gatewayUrl, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the gateway did not answer /healthz within 2 minutes');
}
