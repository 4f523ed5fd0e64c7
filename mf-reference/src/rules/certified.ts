/**
 * Certified programs (page-furniture §3 Certified program: makeCode, makeLabel, productId, linkText,
 * cpoTile, heading, content; §7: certified content, static JSON, and the program detail by
 * productId, which may include inspectionLink; §9: the money back guarantee, third-party and Ford
 * certified copy).
 */
import { LIMITS, brandVariant, API_PATHS, type Brand, type CertifiedProgram, type CertifiedProgramDetail } from '@cfs/contracts';
import { formatNumber } from '@cfs/search-query';
import { safeHref } from './pricing';

export const CERTIFIED_PATH = API_PATHS.certifiedContent;
export const THIRD_PARTY_PRODUCT = 'THIRD_PARTY_CERT';

export type { CertifiedProgram, CertifiedProgramDetail };

export function certifiedProgramUrl(productId: string): string | null {
  return /^[A-Za-z0-9_-]{1,64}$/.test(productId) ? `${CERTIFIED_PATH}/program/${productId}` : null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function readProgram(raw: unknown): CertifiedProgram | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const tile = (r.cpoTile ?? {}) as Record<string, unknown>;
  const p: CertifiedProgram = {
    makeCode: str(r.makeCode).toUpperCase(),
    makeCodes: Array.isArray(r.makeCodes) ? r.makeCodes.map((c) => str(c).toUpperCase()).filter(Boolean) : [],
    makeLabel: str(r.makeLabel),
    productId: str(r.productId),
    linkText: str(r.linkText),
    cpoTile: { title: str(tile.title), description: str(tile.description) },
    heading: str(r.heading),
    content: str(r.content),
  };
  return p.productId && p.heading && p.linkText && certifiedProgramUrl(p.productId) ? p : null;
}

/** The certified content: programs with an id, a heading and a link text. */
export function readCertifiedPrograms(body: unknown): CertifiedProgram[] {
  return Array.isArray(body) ? body.map(readProgram).filter((p): p is CertifiedProgram => p !== null) : [];
}

/** One program's details (the program call): benefits and the inspection link when safe. */
export function readCertifiedProgramDetail(body: unknown): CertifiedProgramDetail {
  const p = readProgram(body);
  if (!p) throw new Error('not a certified program');
  const r = body as Record<string, unknown>;
  const inspectionLink = safeHref(str(r.inspectionLink));
  return {
    ...p,
    benefits: Array.isArray(r.benefits) ? r.benefits.map(str).filter(Boolean) : [],
    ...(inspectionLink ? { inspectionLink } : {}),
  };
}

/** The make's own programs (a group program lists its makes in makeCodes). */
export function programsForMake(programs: readonly CertifiedProgram[], makeCode: string): CertifiedProgram[] {
  const make = makeCode.toUpperCase();
  return programs.filter((p) => p.productId !== THIRD_PARTY_PRODUCT && (p.makeCode === make || p.makeCodes.includes(make)));
}

export function thirdPartyProgram(programs: readonly CertifiedProgram[]): CertifiedProgram | null {
  return programs.find((p) => p.productId === THIRD_PARTY_PRODUCT) ?? null;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const word = (n: number) => WORDS[n] ?? formatNumber(n);

/** The money back guarantee panel (page-furniture §9: 14 days or 1,000 miles). */
export function moneyBackText(): string {
  return `Return the vehicle within ${LIMITS.moneyBackDays} days or ${formatNumber(LIMITS.moneyBackMiles)} miles, whichever comes first, for your money back.`;
}

/** The third-party certified copy (page-furniture §9: 30 to 90 day limited warranty). */
export function thirdPartyText(): string {
  return `Third-party certified vehicles are inspected by an independent company and come with a ${LIMITS.thirdPartyWarrantyMinDays} to ${LIMITS.thirdPartyWarrantyMaxDays} day limited warranty.`;
}

/** The Ford certified copy (page-furniture §9), shown on the Ford brand. */
export function fordCertifiedText(): string[] {
  return [
    `Money back within ${LIMITS.moneyBackDays} days or ${formatNumber(LIMITS.moneyBackMiles)} miles.`,
    `Gold certified vehicles are up to ${word(LIMITS.fordGoldMaxAgeYears)} years old, with under ${formatNumber(LIMITS.fordGoldMaxMiles)} miles, and pass a ${LIMITS.fordGoldInspectionPoints}-point inspection.`,
  ];
}

/** The certified program copy shows on a brand whose variant carries it (page-furniture §1: the Ford certified-used variant). */
export const showsFordCertifiedCopy = (brand: Brand | undefined) => brandVariant(brand).certifiedCopy;

/** designed: certified programs are about used cars, so a search for new cars only shows none. */
export function certifiedShows(query: { listingType?: string[] }): boolean {
  const types = query.listingType ?? [];
  return !(types.length > 0 && types.every((t) => t.toUpperCase() === 'NEW'));
}
