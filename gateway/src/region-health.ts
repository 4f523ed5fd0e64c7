/**
 * Region health from the browser: the page reports how each region fared ('region:health' page
 * events: mounted, or failed to load, threw, fell back from hydration, showed its notice; contracts
 * REGION_HEALTH_KINDS) with the registry version that served it, batched through the page-event
 * collector like every other page event. As a batch passes the collector (after its schema
 * check), the gateway counts those events on /metrics, `gateway_region_health_total{remote,
 * version,kind}`, beside its own server-render fallbacks: the evidence a canary is judged by
 * (`deploy status`).
 *
 * While a remote has a canary, the same reports are its evidence: the canary is ended by itself
 * when its shoppers fail more than the live version's beyond chance (registry/canary-judge.ts).
 *
 * A version label is a version published in the registry (an operator's act, so a bounded set);
 * anything else a client sends is counted as 'other', so no client can make the label set grow.
 */
import type { FastifyInstance } from 'fastify';
import { PAGE_EVENTS_PATH, REGION_FAILURE_KINDS, type PageEvent } from '@cfs/contracts';
import type { GatewayMetrics } from './metrics';
import { shopperOf } from './registry/canary';
import { CanaryEvidence, judge, type JudgeSettings } from './registry/canary-judge';
import type { RegistryStore } from './registry/store';

export function countRegionHealth(
  app: FastifyInstance,
  opts: {
    metrics: Pick<GatewayMetrics, 'regionHealth'>;
    /** Which versions are published; running canaries, judged on the same reports (registry/canary-judge.ts). */
    store: Pick<RegistryStore, 'read' | 'abortCanary' | 'isPublished'>;
    judge: JudgeSettings;
  },
): void {
  // Published versions are immutable: a yes is kept.
  const published = new Set<string>();
  const known = (remote: string, version: string) => {
    const key = `${remote}@${version}`;
    if (published.has(key)) return true;
    if (!opts.store.isPublished(remote, version)) return false;
    published.add(key);
    return true;
  };
  const evidence = new CanaryEvidence(opts.judge.windowMs);
  // The canary each remote's evidence belongs to (its start): a new canary starts from none.
  const evidenceOf = new Map<string, string>();
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== PAGE_EVENTS_PATH) return;
    const events = (request.body as { events?: PageEvent[] } | undefined)?.events;
    if (!Array.isArray(events)) return;
    const registry = opts.store.read().remotes;
    const shopper = shopperOf(request);
    const judged = new Set<string>();
    for (const e of events) {
      if (e.type !== 'region:health') continue;
      const version = e.version && known(e.remote, e.version) ? e.version : 'other';
      opts.metrics.regionHealth.labels(e.remote, version, e.kind).inc();
      // A running canary's evidence: reports of its version or the live one, by shopper.
      const entry = registry[e.remote];
      if (entry?.canary && shopper && (version === entry.version || version === entry.canary.version)) {
        if (evidenceOf.get(e.remote) !== entry.canary.startedAt) {
          evidence.forget(e.remote);
          evidenceOf.set(e.remote, entry.canary.startedAt);
        }
        evidence.record(e.remote, version, shopper, e.kind);
        judged.add(e.remote);
      }
    }
    for (const remote of judged) {
      const entry = registry[remote];
      if (!entry.canary) continue;
      const verdict = judge(evidence.sample(remote, entry.canary.version), evidence.sample(remote, entry.version), opts.judge);
      if (!verdict.end) continue;
      evidence.forget(remote);
      try {
        await opts.store.abortCanary(remote, { by: 'gateway', why: verdict.why });
        request.log.warn({ remote, canary: entry.canary.version, live: entry.version, why: verdict.why }, 'canary ended by its evidence');
      } catch (err) {
        // Another process (or an operator) ended it first; anything else (the shared registry away) is logged.
        if (!/has no canary/.test(err instanceof Error ? err.message : '')) request.log.error({ err, remote }, 'could not end the canary');
      }
    }
  });
}

/** One version's figures, from a gateway's /metrics text. */
export interface VersionHealth {
  mounts: number;
  /** Browser failures (REGION_FAILURE_KINDS). */
  failures: number;
  notices: number;
  /** Regions the gateway left to the browser (its own server-render fallbacks, every cause). */
  serverFallbacks: number;
}

const SAMPLE = /^(gateway_region_health_total|gateway_ssr_fallbacks_total)\{([^}]*)\} ([0-9.e+]+)$/;

/** The figures of every remote version in a /metrics text, by `remote@version`. */
export function healthOf(metricsText: string): Map<string, VersionHealth> {
  const out = new Map<string, VersionHealth>();
  for (const line of metricsText.split('\n')) {
    const m = SAMPLE.exec(line.trim());
    if (!m) continue;
    const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    const key = `${labels.remote}@${labels.version}`;
    const h = out.get(key) ?? { mounts: 0, failures: 0, notices: 0, serverFallbacks: 0 };
    const n = Number(m[3]);
    if (m[1] === 'gateway_ssr_fallbacks_total') h.serverFallbacks += n;
    else if (labels.kind === 'mount') h.mounts += n;
    else if (labels.kind === 'notice') h.notices += n;
    else if ((REGION_FAILURE_KINDS as readonly string[]).includes(labels.kind)) h.failures += n;
    out.set(key, h);
  }
  return out;
}

/** One line of figures: mounts, failures and their rate among mounts and failures, notices, server fallbacks. */
export function describeHealth(h: VersionHealth | undefined): string {
  if (!h) return 'no reports yet';
  const seen = h.mounts + h.failures;
  const rate = seen ? `${((100 * h.failures) / seen).toFixed(2)} %` : 'n/a';
  return `${h.mounts} mounts, ${h.failures} failures (${rate}), ${h.notices} notices, ${h.serverFallbacks} server fallbacks`;
}
