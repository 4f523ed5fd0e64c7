import { API_PATHS } from '@cfs/contracts';
/** Safety info (page-furniture §3): features grouped as Safety Ratings and Safety Features; std means standard. */

export const SAFETY_PATH = API_PATHS.safety;
export const SAFETY_GROUPS = ['Safety Ratings', 'Safety Features'] as const;

export interface SafetyGroup {
  name: (typeof SAFETY_GROUPS)[number];
  features: { label: string; value: string }[];
}

export function safetyUrl(makeCode: string, modelCode: string): string {
  return `${SAFETY_PATH}?makeCode=${encodeURIComponent(makeCode)}&modelCode=${encodeURIComponent(modelCode)}`;
}

/**
 * A value as the shopper reads it: std is Standard, opt Optional; a star rating of 1 to 5 reads
 * "N out of 5 stars"; anything else as given.
 */
export function safetyValue(value: string, group: SafetyGroup['name']): string {
  const v = value.trim();
  if (/^std$/i.test(v)) return 'Standard';
  if (/^opt$/i.test(v)) return 'Optional';
  if (group === 'Safety Ratings' && /^[1-5]$/.test(v)) return `${v} out of 5 stars`;
  return v;
}

/** The two groups in the spec's order, each with its labelled features; empty groups are left out. */
export function readSafety(body: unknown): SafetyGroup[] {
  const groups = (body as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups)) return [];
  const out: SafetyGroup[] = [];
  for (const name of SAFETY_GROUPS) {
    const g = (groups as { name?: unknown; features?: unknown }[]).find((x) => x && x.name === name);
    if (!g || !Array.isArray(g.features)) continue;
    const features = (g.features as { label?: unknown; value?: unknown }[])
      .filter((f) => f && typeof f.label === 'string' && f.label.trim() && (typeof f.value === 'string' || typeof f.value === 'number'))
      .map((f) => ({ label: String(f.label).trim(), value: safetyValue(String(f.value), name) }))
      .filter((f) => f.value);
    if (features.length) out.push({ name, features });
  }
  return out;
}
