/**
 * Every filter of the specs as a facet over one catalogue column: its request key, its options
 * (code and label), and how a listing's value is read. Facet counts are given the other selected
 * filters (a facet ignores its own selection).
 */
import type { Catalogue } from '../catalogue/generate';
import { LTYPES, trimCode } from '../catalogue/generate';
import { MAKES } from '../catalogue/vehicles';
import {
  BED_LENGTHS,
  BODY_STYLES,
  CAB_SIZES,
  CYLINDERS,
  DEAL_TYPES,
  DOORS,
  DRIVE_GROUPS,
  EXTERIOR_COLORS,
  FEATURES,
  FUEL_OPTIONS,
  HISTORY,
  HOME_SERVICES,
  INTERIOR_COLORS,
  LISTING_TYPE_OPTIONS,
  SEATING,
  SEDAN_SUBTYPES,
  SELLER_TYPES,
  SUBTYPES,
  SUV_SUBTYPES,
  TRANSMISSIONS,
  VAN_SUBTYPES,
  VEHICLE_TYPES,
  type Option,
} from '../catalogue/tables';

export type FacetKind = 'column' | 'mask' | 'ownerMask' | 'owner';

export interface Facet {
  key: string;
  options: Option[];
  kind: FacetKind;
  /** For 'column': the value column (option index); for masks: the bit column. */
  column: ArrayLike<number>;
  /** Whether several selected options must all hold (features, history) rather than any. */
  all?: boolean;
  /** Maps a listing value to an option index (default: identity). */
  map?: Int32Array;
}

export interface FacetTable {
  facets: Facet[];
  byKey: Map<string, Facet>;
  /** Global trim code index per listing. */
  trimCodeOf: Uint16Array;
}

export function buildFacets(c: Catalogue): FacetTable {
  const makeOptions = MAKES.map((m) => ({ code: m.code, label: m.name }));
  const modelOptions = c.models.map((m) => ({ code: m.code, label: m.name }));
  const trimCodes: Option[] = [];
  const trimIndex = new Map<string, number>();
  const modelTrimCode: number[][] = c.models.map((m) =>
    m.trims.map((t) => {
      const code = trimCode(t);
      if (!trimIndex.has(code)) {
        trimIndex.set(code, trimCodes.length);
        trimCodes.push({ code, label: t });
      }
      return trimIndex.get(code)!;
    }),
  );
  const trimCodeOf = new Uint16Array(c.size);
  for (let i = 0; i < c.size; i++) trimCodeOf[i] = modelTrimCode[c.model[i]][c.trim[i]];
  const sellerCol = new Uint8Array(c.size);
  const homeCol = new Uint8Array(c.size);
  for (let i = 0; i < c.size; i++) {
    sellerCol[i] = c.ownerPrivate[c.owner[i]];
    homeCol[i] = c.ownerHome[c.owner[i]];
  }
  const subset = (codes: string[]) => {
    const map = new Int32Array(SUBTYPES.length).fill(-1);
    const options = codes.map((code, k) => {
      map[SUBTYPES.findIndex((s) => s.code === code)] = k;
      return SUBTYPES.find((s) => s.code === code)!;
    });
    return { options, map };
  };
  const suv = subset(SUV_SUBTYPES);
  const sedan = subset(SEDAN_SUBTYPES);
  const van = subset(VAN_SUBTYPES);
  const noneFirst = (opts: Option[]) => {
    const map = new Int32Array(opts.length).fill(-1);
    for (let k = 1; k < opts.length; k++) map[k] = k - 1;
    return { options: opts.slice(1), map };
  };
  const facets: Facet[] = [
    { key: 'makeCode', options: makeOptions, kind: 'column', column: c.make },
    { key: 'modelCode', options: modelOptions, kind: 'column', column: c.model },
    { key: 'trimCode', options: trimCodes, kind: 'column', column: trimCodeOf },
    { key: 'vehicleStyleCode', options: BODY_STYLES, kind: 'column', column: c.body },
    { key: 'listingType', options: LISTING_TYPE_OPTIONS, kind: 'column', column: c.ltype },
    { key: 'fuelTypeGroup', options: FUEL_OPTIONS, kind: 'column', column: c.fuel },
    { key: 'driveGroup', options: DRIVE_GROUPS, kind: 'column', column: c.drive },
    { key: 'extColorSimple', options: EXTERIOR_COLORS, kind: 'column', column: c.ext },
    { key: 'intColorSimple', options: INTERIOR_COLORS, kind: 'column', column: c.int },
    { key: 'transmissionCode', options: TRANSMISSIONS, kind: 'column', column: c.trans },
    { key: 'engineCode', options: CYLINDERS, kind: 'column', column: c.cyl },
    { key: 'doorCode', options: DOORS, kind: 'column', column: c.doors },
    { key: 'maximumSeating', options: SEATING, kind: 'column', column: c.seats },
    { key: 'sellerType', options: SELLER_TYPES, kind: 'column', column: sellerCol },
    { key: 'dealType', options: DEAL_TYPES, kind: 'column', column: c.deal, map: Int32Array.from([0, 1, 2, -1]) },
    { key: 'vehicleType', ...noneFirst(VEHICLE_TYPES), kind: 'column', column: c.vehicleType },
    { key: 'truckBedLength', ...noneFirst(BED_LENGTHS), kind: 'column', column: c.bed },
    { key: 'truckCabSize', ...noneFirst(CAB_SIZES), kind: 'column', column: c.cab },
    { key: 'bodyStyleSubtypeCode', ...noneFirst(SUBTYPES), kind: 'column', column: c.subtype },
    { key: 'suvSubtypeCode', options: suv.options, map: suv.map, kind: 'column', column: c.subtype },
    { key: 'sedanSubtypeCode', options: sedan.options, map: sedan.map, kind: 'column', column: c.subtype },
    { key: 'vanSubtypeCode', options: van.options, map: van.map, kind: 'column', column: c.subtype },
    { key: 'featureCode', options: FEATURES, kind: 'mask', column: c.features, all: true },
    { key: 'vehicleHistoryType', options: HISTORY, kind: 'mask', column: c.history, all: true },
    { key: 'homeServices', options: HOME_SERVICES, kind: 'mask', column: homeCol },
  ];
  void LTYPES;
  return { facets, byKey: new Map(facets.map((f) => [f.key, f])), trimCodeOf };
}
