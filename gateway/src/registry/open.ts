/**
 * The registry store a gateway or a deploy command uses: the one every gateway shares through
 * Redis when REDIS_URL is set (redis.ts), else the file registry of the data directory
 * (backend.ts). Published files are in the data directory either way.
 */
import path from 'node:path';
import type { GatewayConfig } from '../config';
import { FileBackend } from './backend';
import { RedisBackend, type RedisBackendOptions } from './redis';
import { RegistryStore } from './store';

export async function openRegistry(
  config: Pick<GatewayConfig, 'dataDir' | 'redisUrl' | 'redisPrefix'>,
  opts: Pick<RedisBackendOptions, 'failFast' | 'log'> = {},
): Promise<RegistryStore> {
  if (!config.redisUrl) return new RegistryStore(config.dataDir, new FileBackend(config.dataDir));
  const backend = await RedisBackend.open({
    url: config.redisUrl,
    prefix: config.redisPrefix,
    // The last registry read, for a gateway that starts while Redis is away (per prefix).
    copyFile: opts.failFast ? undefined : path.join(config.dataDir, `registry.${config.redisPrefix}.last-read.json`),
    ...opts,
  });
  return new RegistryStore(config.dataDir, backend);
}
