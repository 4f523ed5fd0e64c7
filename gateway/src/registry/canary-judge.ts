/**
 * Rollback by evidence: while a canary runs, the gateway compares the share of its shoppers whose
 * region failed with the live version's, and ends the canary by itself when the canary is worse
 * beyond doubt.
 *
 * The evidence: the regions' health reports (region-health.ts), by shopper (the canary cookie the
 * page-event beacon carries). A shopper "failed" on a version when any of their reports for it in
 * the window is a failure (REGION_FAILURE_KINDS); each shopper counts once per version, so one
 * shopper reloading a broken page cannot outweigh many. The window slides (CANARY_WINDOW_MS).
 *
 * The test: one-sided two-proportion z-test. With f_c of n_c canary shoppers failing and f_l of
 * n_l live ones, p = (f_c + f_l) / (n_c + n_l), z = (f_c/n_c - f_l/n_l) / sqrt(p (1 - p) (1/n_c +
 * 1/n_l)). The canary is ended when both sides have at least CANARY_MIN_SESSIONS shoppers, z is at
 * least CANARY_Z (3.09: a healthy canary is ended by chance about once in a thousand checks of
 * independent samples), and the canary's rate is at least CANARY_MIN_EFFECT above the live one's
 * (a difference too small to matter is not acted on, however sure). Both rates 0: nothing to judge.
 *
 * Each gateway process judges the shoppers whose reports it received (breakers and this evidence
 * are per process); any process ending the canary ends it for all (the registry is shared).
 */
import { REGION_FAILURE_KINDS, type RegionHealthKind } from '@cfs/contracts';

export interface JudgeSettings {
  minSessions: number;
  z: number;
  minEffect: number;
  windowMs: number;
}

export const JUDGE_DEFAULTS: JudgeSettings = { minSessions: 100, z: 3.09, minEffect: 0.02, windowMs: 10 * 60_000 };

export interface Sample {
  sessions: number;
  failed: number;
}

export interface Verdict {
  end: boolean;
  canary: Sample;
  live: Sample;
  z: number;
  why: string;
}

/** The one-sided two-proportion z statistic (canary worse than live is positive); 0 when undefined. */
export function zScore(canary: Sample, live: Sample): number {
  if (!canary.sessions || !live.sessions) return 0;
  const pc = canary.failed / canary.sessions;
  const pl = live.failed / live.sessions;
  const p = (canary.failed + live.failed) / (canary.sessions + live.sessions);
  const se = Math.sqrt(p * (1 - p) * (1 / canary.sessions + 1 / live.sessions));
  return se === 0 ? 0 : (pc - pl) / se;
}

const pct = (s: Sample) => `${((100 * s.failed) / Math.max(1, s.sessions)).toFixed(1)} % (${s.failed} of ${s.sessions} shoppers)`;

/** Whether the evidence ends the canary, and the figures said either way. */
export function judge(canary: Sample, live: Sample, settings: JudgeSettings = JUDGE_DEFAULTS): Verdict {
  const z = zScore(canary, live);
  const figures = `canary failing for ${pct(canary)}, live ${pct(live)}, z = ${z.toFixed(2)}`;
  if (canary.sessions < settings.minSessions || live.sessions < settings.minSessions) {
    return { end: false, canary, live, z, why: `too few shoppers yet (${settings.minSessions} each needed): ${figures}` };
  }
  const effect = canary.failed / canary.sessions - live.failed / live.sessions;
  const end = z >= settings.z && effect >= settings.minEffect;
  return {
    end,
    canary,
    live,
    z,
    why: end
      ? `failure rate above live's beyond chance: ${figures} (threshold ${settings.z}, at least ${100 * settings.minEffect} points worse)`
      : figures,
  };
}

/** The most shoppers kept per version (the oldest go first): the evidence cannot grow without bound. */
export const EVIDENCE_MAX_SHOPPERS = 100_000;

/** The window of shoppers seen on each version, and which of them failed. */
export class CanaryEvidence {
  /** `remote@version` -> shopper -> { failed, last seen }. */
  private seen = new Map<string, Map<string, { failed: boolean; at: number }>>();

  constructor(private readonly windowMs: number) {}

  record(remote: string, version: string, shopper: string, kind: RegionHealthKind, now = Date.now()): void {
    if (kind === 'notice') return;
    const key = `${remote}@${version}`;
    let shoppers = this.seen.get(key);
    if (!shoppers) this.seen.set(key, (shoppers = new Map()));
    const had = shoppers.get(shopper);
    const failed = (REGION_FAILURE_KINDS as readonly string[]).includes(kind);
    shoppers.delete(shopper);
    shoppers.set(shopper, { failed: (had?.failed ?? false) || failed, at: now });
    if (shoppers.size > EVIDENCE_MAX_SHOPPERS) shoppers.delete(shoppers.keys().next().value as string);
  }

  /** The shoppers seen on a version within the window (the oldest are dropped as it slides). */
  sample(remote: string, version: string, now = Date.now()): Sample {
    const shoppers = this.seen.get(`${remote}@${version}`);
    if (!shoppers) return { sessions: 0, failed: 0 };
    // Insertion order is last-seen order: the stale ones are at the front.
    for (const [id, s] of shoppers) {
      if (now - s.at <= this.windowMs) break;
      shoppers.delete(id);
    }
    let failed = 0;
    for (const s of shoppers.values()) if (s.failed) failed++;
    return { sessions: shoppers.size, failed };
  }

  /** Forgets a remote's evidence (its canary ended or was promoted). */
  forget(remote: string): void {
    for (const key of [...this.seen.keys()]) if (key.startsWith(`${remote}@`)) this.seen.delete(key);
  }
}
