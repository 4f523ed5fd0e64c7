/**
 * The bus contract: a TypeBox schema of every event payload and state slice, down to the fields of
 * nested objects (the search result, the listing carried by `compare:add`...).
 *
 * The schemas are checked against the TypeScript types by the compiler: the type each schema
 * stands for (TypeBox's `Static`) must be identical to the type in `bus.ts`, `listing.ts`,
 * `query.ts` or `brand.ts` (`noneDiffer` below names the events and slices that are not). Retype,
 * remove or add a field there, required or optional, and `tsc --noEmit` fails until the schema
 * says the same. The contract test then compares the contract read from the schemas
 * (`BUS_CONTRACT`) with `contract-baseline.json` (the rules are `incompatibilities` below), and
 * each build carries it as `bus-contract.json` so that a deploy can compare it with the live
 * builds'.
 *
 * Not exported from the package index: builds read it at build time, pages never load it.
 *
 * The contract as data (what a build carries; the grammar every live build's file is written in):
 * - a primitive is 'string' | 'number' | 'boolean' (a string the type narrows to some values is
 *   'string'); a nullable one ends in '|null', an optional one in '?' ('string|null?' is both);
 * - an object is { object: { field: descriptor } }, an array { array: descriptor }, a record
 *   with string keys { record: descriptor }; `null: true` / `optional: true` mark them nullable /
 *   optional.
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { FEATURE_FLAGS, type Brand } from './brand';
import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS, type Flat, type SearchKey, type SortBy } from './query';
import type { ListingType, UrgencyType } from './listing';
import type { BusEvents, RequestStatus, SavedSearchSlice, SharedState } from './bus';
import type { PageEvent } from './bodies';

type KeysOf<U> = U extends unknown ? keyof U : never;
type ValueOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
type RequiredIn<U, K extends PropertyKey> = U extends unknown
  ? K extends keyof U
    ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} extends Pick<U, K> holds only when K is optional
      {} extends Pick<U, K>
      ? false
      : true
    : false
  : never;
/**
 * A payload that is a union of object types (the page events) read as one object: a field every
 * member requires stays required, any other is optional, and its type is the union of the
 * members' (a type tag of string literals is 'string'). A payload that is one object type is
 * described field for field, as it is.
 */
export type Merged<U> = { [K in KeysOf<U> as false extends RequiredIn<U, K> ? never : K]: ValueOf<U, K> } & {
  [K in KeysOf<U> as false extends RequiredIn<U, K> ? K : never]?: ValueOf<U, K>;
};

/** true only when X and Y are the same type, field for field (optional and required alike). */
type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** The names whose schema's type differs from the TypeScript type. */
type Differing<Schemas extends Record<string, TSchema>, Types> = {
  [K in keyof Schemas | keyof Types]: K extends keyof Schemas & keyof Types
    ? Equals<Static<Schemas[K]>, Types[K]> extends true
      ? never
      : K
    : K;
}[keyof Schemas | keyof Types];
/** A field of the page events (a union of object types) as the bus carries it. */
type PageEventField<K extends keyof Flat<Merged<PageEvent>>> = NonNullable<Flat<Merged<PageEvent>>[K]> & string;
/** Compiles only when given `never`: otherwise the compiler names what differs. */
function noneDiffer<Names extends never>(): Names | void {}

/** Every key of `keys` with the same schema (the query's and flags' many fields). */
function each<const K extends string, S extends TSchema>(keys: readonly K[], schema: S): { [P in K]: S } {
  return Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K]: S };
}
/** A string whose type is narrowed to some values (the contract reads it as a string). */
const oneOfText = <T extends string>() => Type.Unsafe<T>(Type.String());

const CODE_NAME = Type.Object({ code: Type.String(), name: Type.String() });

const IMAGE = Type.Object({ src: Type.String(), alt: Type.String() });

export const SEARCH_QUERY = Type.Object({
  ...each(LIST_KEYS, Type.Optional(Type.Array(Type.String()))),
  ...each(NUMBER_KEYS, Type.Optional(Type.Number())),
  ...each(STRING_KEYS, Type.Optional(Type.String())),
});

export const LISTING = Type.Object({
  id: Type.String(),
  vin: Type.String(),
  title: Type.String(),
  ownerId: Type.String(),
  listingType: oneOfText<ListingType>(),
  year: Type.Number(),
  make: CODE_NAME,
  model: CODE_NAME,
  trim: Type.Optional(CODE_NAME),
  seriesCode: Type.Optional(Type.String()),
  packages: Type.Optional(Type.Array(Type.String())),
  bodyStyles: Type.Array(CODE_NAME),
  bodyStyleSubtype: Type.Optional(Type.String()),
  fuelType: CODE_NAME,
  driveType: Type.Optional(CODE_NAME),
  transmission: Type.Optional(CODE_NAME),
  engine: Type.Optional(Type.Object({ code: Type.String(), name: Type.String(), cylinders: Type.Number(), displacement: Type.Number() })),
  doors: Type.Optional(Type.Number()),
  seats: Type.Optional(Type.Number()),
  color: Type.Object({ exteriorColorSimple: Type.String(), interiorColorSimple: Type.String() }),
  mileage: Type.Object({ value: Type.Number(), label: Type.String() }),
  specifications: Type.Optional(
    Type.Object({
      mileage: Type.Optional(Type.String()),
      mpg: Type.Optional(Type.Object({ city: Type.Number(), highway: Type.Number() })),
      mileRange: Type.Optional(Type.Number()),
      engine: Type.Optional(Type.String()),
      driveType: Type.Optional(Type.String()),
    }),
  ),
  pricingDetail: Type.Object({
    salePrice: Type.Optional(Type.Number()),
    msrp: Type.Optional(Type.Number()),
    incentive: Type.Optional(Type.Number()),
    dealIndicator: Type.Optional(Type.String()),
    payments: Type.Optional(
      Type.Object({ monthly: Type.Number(), termMonths: Type.Number(), apr: Type.Number(), downPayment: Type.Number() }),
    ),
  }),
  paymentServices: Type.Optional(Type.Object({ paymentCalculationUrl: Type.String(), incentivesUrl: Type.String() })),
  images: Type.Object({ sources: Type.Array(IMAGE), primary: Type.Number() }),
  vdpBaseUrl: Type.String(),
  phone: Type.Optional(Type.String()),
  website: Type.Optional(Type.Object({ href: Type.String() })),
  hasSpecialOffer: Type.Optional(Type.Boolean()),
  isHot: Type.Optional(Type.Boolean()),
  fyuseId: Type.Optional(Type.String()),
  isReducedPrice: Type.Optional(Type.Boolean()),
  features: Type.Optional(Type.Array(Type.String())),
  vehicleHistory: Type.Optional(Type.Array(Type.String())),
  vehicleType: Type.Optional(Type.String()),
  vehicleUseType: Type.Optional(Type.String()),
  moneyBackGuarantee: Type.Optional(Type.Boolean()),
  truckBedLength: Type.Optional(Type.String()),
  truckCabSize: Type.Optional(Type.String()),
  marketExtension: Type.Optional(Type.Object({ parentOwnerId: Type.String(), imeDmaMatch: Type.Boolean() })),
  vehicleHighlight: Type.Optional(
    Type.Object({ isVehicleHighlight: Type.Boolean(), urgencyDriverType: oneOfText<UrgencyType>(), urgencyDriverValue: Type.String() }),
  ),
  listingTier: Type.Optional(Type.String()),
  viewCount: Type.Optional(Type.Number()),
  certifiedProduct: Type.Optional(Type.String()),
  esntial: Type.Optional(Type.Object({ ecommWebsite: Type.Optional(Type.String()), eligibilityService: Type.Optional(Type.Boolean()) })),
});

const OWNER = Type.Object({
  id: Type.String(),
  name: Type.String(),
  privateSeller: Type.Boolean(),
  logo: Type.Optional(Type.Object({ src: Type.String() })),
  phone: Type.Optional(Type.Object({ value: Type.String() })),
  location: Type.Object({
    address: Type.Object({ address1: Type.Optional(Type.String()), city: Type.String(), state: Type.String(), zip: Type.String() }),
  }),
  website: Type.Optional(Type.Object({ href: Type.String() })),
  rating: Type.Optional(Type.Object({ value: Type.Number(), count: Type.Number() })),
  homeServices: Type.Optional(Type.Array(Type.String())),
  hideEmailForm: Type.Optional(Type.Boolean()),
  distanceFromSearch: Type.Optional(Type.Number()),
  dealerDiff: Type.Optional(Type.Object({ tagline: Type.String(), contentId: Type.String(), tile: Type.Optional(Type.String()) })),
  shippingLabel: Type.Optional(Type.String()),
  images: Type.Optional(Type.Object({ sources: Type.Array(IMAGE) })),
  moneyBackGuarantee: Type.Optional(Type.Boolean()),
});

const MIN_MAX = Type.Object({ min: Type.Number(), max: Type.Number() });

const SEARCH_RESULT = Type.Object({
  listings: Type.Array(LISTING),
  owners: Type.Array(OWNER),
  totalResultCount: Type.Number(),
  filters: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({ options: Type.Array(Type.Object({ value: Type.String(), label: Type.String(), count: Type.Number() })) }),
    ),
  ),
  stats: Type.Optional(
    Type.Object({
      year: Type.Optional(MIN_MAX),
      derivedprice: Type.Optional(Type.Object({ min: Type.Number(), max: Type.Number(), avg: Type.Number() })),
    }),
  ),
  suggestedFilters: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), key: oneOfText<SearchKey>(), codes: Type.Array(Type.String()), count: Type.Number() })),
  ),
  suggestedModels: Type.Optional(
    Type.Array(
      Type.Object({
        selectedMakeDescription: Type.String(),
        selectedModelDescription: Type.String(),
        suggestedMakeDescription: Type.String(),
        suggestedModelDescription: Type.String(),
        suggestedMakeCode: Type.String(),
        suggestedModelCode: Type.String(),
      }),
    ),
  ),
});

const LEAD_PROFILE = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  isOneClickOptedIn: Type.Boolean(),
});

export const EVENT_SCHEMAS = {
  'filters:changed': Type.Object({ query: SEARCH_QUERY, source: Type.Optional(Type.String()) }),
  'results:load-more': Type.Object({ firstRecord: Type.Number() }),
  'compare:add': Type.Object({ listing: LISTING }),
  'compare:remove': Type.Object({ listingId: Type.String() }),
  'alerts:save-search': Type.Object({ query: SEARCH_QUERY, email: Type.Optional(Type.String()) }),
  'shell:search-settled': Type.Object({ requestId: Type.Number(), ok: Type.Boolean() }),
  'shell:page-event': Type.Object({
    type: oneOfText<PageEventField<'type'>>(),
    ownerId: Type.Optional(Type.String()),
    target: Type.Optional(oneOfText<PageEventField<'target'>>()),
    listingId: Type.Optional(Type.String()),
    action: Type.Optional(oneOfText<PageEventField<'action'>>()),
    firstRecord: Type.Optional(Type.Number()),
    by: Type.Optional(oneOfText<PageEventField<'by'>>()),
    listingIds: Type.Optional(Type.Array(Type.String())),
    link: Type.Optional(Type.String()),
    remote: Type.Optional(oneOfText<PageEventField<'remote'>>()),
    kind: Type.Optional(oneOfText<PageEventField<'kind'>>()),
    version: Type.Optional(Type.String()),
  }),
};

export const STATE_SCHEMAS = {
  search: Type.Object({
    query: SEARCH_QUERY,
    result: Type.Union([SEARCH_RESULT, Type.Null()]),
    status: oneOfText<RequestStatus>(),
    requestId: Type.Number(),
    error: Type.Union([Type.String(), Type.Null()]),
    defaultSort: Type.Optional(oneOfText<SortBy>()),
  }),
  session: Type.Object({
    signedIn: Type.Boolean(),
    leadProfile: Type.Union([LEAD_PROFILE, Type.Null()]),
    signInPath: Type.Optional(Type.String()),
    browsingHistory: Type.Optional(
      Type.Union([
        Type.Object({ vins: Type.Array(Type.String()), fetchedAt: Type.Number(), consumerId: Type.Optional(Type.String()) }),
        Type.Null(),
      ]),
    ),
    emailSubscribe: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    lastInventoryView: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  }),
  compare: Type.Object({
    items: Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        price: Type.Union([Type.Number(), Type.Null()]),
        image: Type.Union([Type.String(), Type.Null()]),
        year: Type.Number(),
      }),
    ),
    open: Type.Boolean(),
  }),
  savedSearch: Type.Object({
    titles: Type.Array(Type.String()),
    count: Type.Number(),
    subscribedEmail: Type.Union([Type.String(), Type.Null()]),
    subscribedSearch: Type.Optional(Type.String()),
    status: oneOfText<SavedSearchSlice['status']>(),
    message: Type.Union([Type.String(), Type.Null()]),
  }),
  brand: Type.Object({
    brand: oneOfText<Brand>(),
    flags: Type.Object(each(FEATURE_FLAGS, Type.Boolean())),
    layout: Type.Optional(Type.Object({ showcaseCellWidth: Type.Optional(Type.Number()) })),
  }),
  modal: Type.Object({ open: Type.Union([Type.String(), Type.Null()]) }),
};

// `noneDiffer` catches a schema that is wrong, missing or more than the types say.
noneDiffer<Differing<typeof EVENT_SCHEMAS, { [E in keyof BusEvents]: Flat<Merged<BusEvents[E]>> }>>();
noneDiffer<Differing<typeof STATE_SCHEMAS, SharedState>>();

/** A descriptor as read from JSON (a baseline, a build's bus-contract.json). */
export type Descriptor = string | { object?: Fields; array?: Descriptor; record?: Descriptor; null?: boolean; optional?: boolean };
export type Fields = Record<string, Descriptor>;
export interface BusContract {
  events: Record<string, Fields>;
  state: Record<string, Fields>;
}

/** A schema's descriptor (the grammar above). */
function descriptorOf(schema: TSchema, optional: boolean): Descriptor {
  const members: TSchema[] = schema.anyOf ?? [schema];
  const nullable = members.some((m) => m.type === 'null');
  const base = members.find((m) => m.type !== 'null')!;
  if (base.type === 'string' || base.type === 'number' || base.type === 'boolean') {
    return `${base.type}${nullable ? '|null' : ''}${optional ? '?' : ''}`;
  }
  const node: Exclude<Descriptor, string> =
    base.type === 'array'
      ? { array: descriptorOf(base.items, false) }
      : base.patternProperties
        ? { record: descriptorOf(Object.values(base.patternProperties as Record<string, TSchema>)[0], false) }
        : { object: fieldsOf(base as TObject) };
  return { ...node, ...(nullable ? { null: true } : {}), ...(optional ? { optional: true } : {}) };
}

function fieldsOf(schema: TObject): Fields {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(Object.entries(schema.properties).map(([field, s]) => [field, descriptorOf(s, !required.has(field))]));
}

const contractOf = (schemas: Record<string, TObject>): Record<string, Fields> =>
  Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, fieldsOf(schema)]));

export const EVENT_CONTRACT = contractOf(EVENT_SCHEMAS);
export const STATE_CONTRACT = contractOf(STATE_SCHEMAS);

/** The contract a build is made against (what a build writes to bus-contract.json). */
export const BUS_CONTRACT: BusContract = { events: EVENT_CONTRACT, state: STATE_CONTRACT };

function optional(d: Descriptor): boolean {
  return typeof d === 'string' ? d.endsWith('?') : d.optional === true;
}

/** A short name of a descriptor for messages: 'string?', 'object|null', 'array'... */
export function describe(d: Descriptor): string {
  if (typeof d === 'string') return d;
  const kind = d.object ? 'object' : d.array ? 'array' : d.record ? 'record' : 'unknown';
  return `${kind}${d.null ? '|null' : ''}${d.optional ? '?' : ''}`;
}

function compareFields(where: string, before: Fields, after: Fields, out: string[]) {
  for (const [field, was] of Object.entries(before)) {
    if (!(field in after)) out.push(`${where} lost field '${field}'`);
    else compareNode(`${where}.${field}`, was, after[field], out);
  }
  for (const [field, now] of Object.entries(after)) {
    if (!(field in before) && !optional(now)) out.push(`${where} gained required field '${field}'`);
  }
}

function compareNode(where: string, before: Descriptor, after: Descriptor, out: string[]) {
  if (describe(before) !== describe(after)) {
    out.push(`${where} changed ${describe(before)} -> ${describe(after)}`);
    return;
  }
  if (typeof before === 'string' || typeof after === 'string') return;
  if (before.object && after.object) compareFields(where, before.object, after.object, out);
  if (before.array && after.array) compareNode(`${where}[]`, before.array, after.array, out);
  if (before.record && after.record) compareNode(`${where}{}`, before.record, after.record, out);
}

/**
 * What a consumer built against `before` would find broken in `after`: one line each.
 * Compatible: new events and slices, new optional fields (at any depth). Incompatible: a removed
 * event or slice, a removed field, a field whose descriptor changed (type, nullability or
 * optionality), a new required field (at any depth: consumers built before it do not send it).
 * The contract test applies it to the committed baseline; a deploy to every live build's contract.
 */
export function incompatibilities(before: BusContract, after: BusContract): string[] {
  const out: string[] = [];
  for (const [kind, label] of [
    ['events', 'event'],
    ['state', 'slice'],
  ] as const) {
    for (const [name, fields] of Object.entries(before[kind] ?? {})) {
      const now = after[kind]?.[name];
      if (!now) out.push(`${label} '${name}' was removed`);
      else compareFields(`${label} '${name}'`, fields, now, out);
    }
  }
  return out;
}
