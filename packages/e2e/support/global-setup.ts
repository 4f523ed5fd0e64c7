import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { RegistryStore } from 'gateway';
import { buildRemote, startStack } from './stack';

/**
 * Starts the composed page once for the suite and prepares a remote whose mount throws (a real
 * separate build, published as a version of mf-alerts that the registry does not point at), and
 * a showcase whose server render throws (published as a version of mf-showcase, not live).
 */
export default async function globalSetup(_config: FullConfig) {
  const stack = await startStack();
  const fixtureOut = path.join(stack.dataDir, 'broken-build');
  buildRemote(path.join(__dirname, '..', 'fixtures', 'broken-remote'), fixtureOut);
  const store = new RegistryStore(path.join(stack.dataDir, 'gateway'));
  const brokenVersion = await store.publish('mf-alerts', fixtureOut, '0.0.0-broken');
  fs.rmSync(fixtureOut, { recursive: true, force: true });
  // The real showcase whose server render throws: published, not live (a test switches to it).
  const throwsOut = path.join(stack.dataDir, 'server-throws-build');
  buildRemote(path.join(__dirname, '..', 'fixtures', 'server-throws'), throwsOut);
  const serverThrowsVersion = await store.publish('mf-showcase', throwsOut, '0.0.0-server-throws');
  fs.rmSync(throwsOut, { recursive: true, force: true });

  process.env.E2E_BASE_URL = stack.gatewayUrl;
  process.env.E2E_HANG_URL = stack.hangUrl;
  process.env.E2E_UPSTREAM_URL = stack.upstreamUrl;
  process.env.E2E_DATA_DIR = stack.dataDir;
  process.env.E2E_BROKEN_ALERTS_VERSION = brokenVersion;
  process.env.E2E_SHOWCASE_SERVER_THROWS_VERSION = serverThrowsVersion;
  return async () => {
    await stack.stop();
  };
}
