/** Gateway configuration, from the environment. Every upstream's base URL is configurable. */
import path from 'node:path';
import type { Brand } from '@cfs/contracts';

export type UpstreamName = 'listing' | 'account' | 'content' | 'reference' | 'eligibility' | 'geo';
export const UPSTREAMS: UpstreamName[] = ['listing', 'account', 'content', 'reference', 'eligibility', 'geo'];

export interface GatewayConfig {
  port: number;
  host: string;
  /** 'staging' allows ?remotes= registry overrides; 'production' refuses them. */
  mode: 'production' | 'staging';
  upstreams: Record<UpstreamName, string>;
  /** Registry file and published remote versions. */
  dataDir: string;
  shellDist: string;
  /** Host name -> brand; anything else is the main brand. */
  brandHosts: Record<string, Brand>;
  pageSize: number;
  remoteTimeoutMs: number;
  signInPath: string;
  defaultSortReading: 'state' | 'optionFile';
  logLevel: string;
}

const repoRoot = path.resolve(__dirname, '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const upstreamDefault = env.UPSTREAM_URL || `http://127.0.0.1:${env.UPSTREAM_PORT || 8090}`;
  const upstreams = Object.fromEntries(
    UPSTREAMS.map((u) => [u, env[`UPSTREAM_${u.toUpperCase()}_URL`] || upstreamDefault]),
  ) as Record<UpstreamName, string>;
  const brandHosts: Record<string, Brand> = {};
  for (const pair of (env.BRAND_HOSTS || '').split(',').filter(Boolean)) {
    const [host, brand] = pair.split('=');
    if (host && brand) brandHosts[host.trim().toLowerCase()] = brand.trim() as Brand;
  }
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    mode: env.GATEWAY_MODE === 'staging' ? 'staging' : 'production',
    upstreams,
    dataDir: path.resolve(env.GATEWAY_DATA_DIR || path.join(repoRoot, 'gateway', '.data')),
    shellDist: path.resolve(env.SHELL_DIST || path.join(repoRoot, 'shell', 'dist')),
    brandHosts,
    pageSize: Number(env.PAGE_SIZE || 24),
    remoteTimeoutMs: Number(env.REMOTE_TIMEOUT_MS || 8000),
    signInPath: env.SIGNIN_PATH || '/account/signin',
    defaultSortReading: env.DEFAULT_SORT === 'optionFile' ? 'optionFile' : 'state',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
