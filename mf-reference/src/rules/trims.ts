/**
 * Compare trims (page-furniture §3 Trim, §4 Compare trims): GET /rest/research/reference-vehicles
 * with yearId, atcMakeCode, atcModelCode; the spec ids of the features; the fuel filter.
 */
import { FUEL_GROUPS, API_PATHS, type FuelGroup, type SearchQuery } from '@cfs/contracts';
import { formatNumber } from '@cfs/search-query';
import { safeHref } from './pricing';

export const REFERENCE_VEHICLES_PATH = API_PATHS.referenceVehicles;

export function referenceVehiclesUrl(year: number, makeCode: string, modelCode: string): string {
  return `${REFERENCE_VEHICLES_PATH}?yearId=${year}&atcMakeCode=${encodeURIComponent(makeCode)}&atcModelCode=${encodeURIComponent(modelCode)}`;
}

/** Spec ids and the features they name (page-furniture §3), in the spec's order. */
export const TRIM_FEATURES = [
  { id: '546', label: 'Heated seats' },
  { id: '561', label: 'Leather seats' },
  { id: '610', label: 'Rearview camera' },
  { id: '170', label: 'Bluetooth' },
  { id: '160', label: 'Alarm' },
  { id: '557', label: 'Lane departure warning' },
  { id: '236', label: 'Navigation' },
  { id: '615', label: 'Remote start' },
  { id: '578', label: 'Sunroof' },
] as const;

export type FeatureValue = 'Standard' | 'Optional' | 'Not Available';
const FEATURE_VALUES: readonly FeatureValue[] = ['Standard', 'Optional', 'Not Available'];

export interface Trim {
  trimName: string;
  bodyStyle: string;
  engineType: string;
  epaCity: number | null;
  epaHwy: number | null;
  epaMpgeCity: number | null;
  epaMpgeHwy: number | null;
  nationalMSRP: number | null;
  imagePath?: string;
  vehicleId: string | null;
  /** Feature values by spec id. */
  features: Record<string, FeatureValue>;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A trim's value for a spec id: Standard, Optional or Not Available as the answer says; a spec id
 * the answer leaves out, or a value outside the three, is unknown (null), never guessed.
 */
export function featureValue(specs: unknown, id: string): FeatureValue | null {
  if (!Array.isArray(specs)) return null;
  const s = (specs as { id?: unknown; value?: unknown }[]).find((x) => x && String(x.id) === id);
  const v = typeof s?.value === 'string' ? s.value.trim() : '';
  return FEATURE_VALUES.find((f) => f.toLowerCase() === v.toLowerCase()) ?? null;
}

/** The trims with a name; numbers that are not positive are unknown. */
export function readTrims(body: unknown): Trim[] {
  const trims = (body as { trims?: unknown } | null)?.trims;
  if (!Array.isArray(trims)) return [];
  const out: Trim[] = [];
  for (const t of trims as Record<string, unknown>[]) {
    if (!t || typeof t !== 'object' || !str(t.trimName)) continue;
    const features: Record<string, FeatureValue> = {};
    for (const f of TRIM_FEATURES) {
      const v = featureValue(t.specs, f.id);
      if (v) features[f.id] = v;
    }
    const image = safeHref(str(t.imagePath));
    const vehicleId = str(t.vehicleId);
    out.push({
      trimName: str(t.trimName),
      bodyStyle: str(t.bodyStyle),
      engineType: str(t.engineType),
      epaCity: num(t.epaCity),
      epaHwy: num(t.epaHwy),
      epaMpgeCity: num(t.epaMpgeCity),
      epaMpgeHwy: num(t.epaMpgeHwy),
      nationalMSRP: num(t.nationalMSRP),
      ...(image ? { imagePath: image } : {}),
      vehicleId: /^\d{6}$/.test(vehicleId) ? vehicleId : null,
      features,
    });
  }
  return out;
}

/** EPA city and highway: MPG for fuel-burning trims, MPGe for electric ones; null when unknown. */
export function economyText(t: Pick<Trim, 'epaCity' | 'epaHwy' | 'epaMpgeCity' | 'epaMpgeHwy'>): string | null {
  if (t.epaCity !== null && t.epaHwy !== null) return `${t.epaCity} city / ${t.epaHwy} highway MPG`;
  if (t.epaMpgeCity !== null && t.epaMpgeHwy !== null) return `${t.epaMpgeCity} city / ${t.epaMpgeHwy} highway MPGe`;
  return null;
}

export const msrpText = (n: number | null) => (n === null ? null : `$${formatNumber(n)}`);

/** The fuel filter's "every fuel" choice. */
export const ALL_FUELS = 'All';

/** The fuel filter's name for a fuel group: its label, with Gasoline shown as Gas (page-furniture §4). */
export function fuelFilterName(code: string): string | null {
  const label = FUEL_GROUPS[code.toUpperCase() as FuelGroup];
  if (!label) return null;
  const name = label.replace(/(^|\s)([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
  return name === 'Gasoline' ? 'Gas' : name;
}

/** The fuel filter's default: the one selected fuel type of the search (Gasoline shown as Gas), else All. */
export function fuelFilterDefault(query: SearchQuery): string {
  const fuels = query.fuelTypeGroup ?? [];
  if (fuels.length !== 1) return ALL_FUELS;
  return fuelFilterName(fuels[0]) ?? ALL_FUELS;
}

/** The fuel filter's choices: All, then each engine type the trims have, in their order. */
export function fuelOptions(trims: readonly Trim[]): string[] {
  const types: string[] = [];
  for (const t of trims) if (t.engineType && !types.includes(t.engineType)) types.push(t.engineType);
  return [ALL_FUELS, ...types];
}

/** The choice in force: the wanted one when the trims offer it, else All. */
export function fuelInForce(wanted: string, trims: readonly Trim[]): string {
  return fuelOptions(trims).includes(wanted) ? wanted : ALL_FUELS;
}

export function trimsForFuel(trims: readonly Trim[], fuel: string): Trim[] {
  return fuel === ALL_FUELS ? [...trims] : trims.filter((t) => t.engineType === fuel);
}
