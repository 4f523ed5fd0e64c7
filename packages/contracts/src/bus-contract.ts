/**
 * The bus contract as data: a descriptor of every event payload and state slice, down to the
 * fields of nested objects (the search result, the listing carried by `compare:add`...).
 *
 * The descriptors are checked against the TypeScript types by the compiler: `Describe<T>` maps a
 * type to the only descriptor that fits it, and `EVENT_CONTRACT` / `STATE_CONTRACT` must equal
 * `EventContract` / `StateContract` exactly (see `exact` below). Retype, remove or add a field in
 * `bus.ts`, `listing.ts`, `query.ts` or `brand.ts` and `tsc --noEmit` fails until the descriptor
 * says the same; the contract test then compares the descriptor with `contract-baseline.json`
 * (the rules are `incompatibilities` below), and each build carries it as `bus-contract.json` so
 * that a deploy can compare it with the live builds'.
 *
 * Not exported from the package index: builds read it at build time, pages never load it.
 *
 * Descriptor grammar:
 * - a primitive is 'string' | 'number' | 'boolean' (string literal unions are 'string'); a
 *   nullable one ends in '|null', an optional one in '?' ('string|null?' is both);
 * - an object is { object: { field: descriptor } }, an array { array: descriptor }, a record
 *   with string keys { record: descriptor }; `null: true` / `optional: true` mark them nullable /
 *   optional.
 */
import { FEATURE_FLAGS } from './brand';
import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS } from './query';
import type { BusEvents, SharedState } from './bus';

type Primitive<T> = [T] extends [string] ? 'string' : [T] extends [number] ? 'number' : [T] extends [boolean] ? 'boolean' : never;

type Composite<T> = T extends readonly (infer E)[]
  ? { array: Describe<E> }
  : string extends keyof T
    ? { record: Describe<T[keyof T & string]> }
    : T extends object
      ? { object: DescribeFields<T> }
      : never;

type Mark<D, Nullable extends boolean, Optional extends boolean> = D extends string
  ? `${D}${Nullable extends true ? '|null' : ''}${Optional extends true ? '?' : ''}`
  : D & (Nullable extends true ? { null: true } : unknown) & (Optional extends true ? { optional: true } : unknown);

type Shape<T> = [Primitive<T>] extends [never] ? Composite<T> : Primitive<T>;

/** The descriptor of a value of type T (of a field that may be optional). */
export type Describe<T, Optional extends boolean = false> = Mark<
  Shape<Exclude<T, null | undefined>>,
  null extends T ? true : false,
  Optional
>;

/** The descriptors of every field of an object type; optional fields are marked as such. */
export type DescribeFields<T> = {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} extends Pick<T, K> holds only when K is optional
  [K in keyof T]-?: Describe<T[K], {} extends Pick<T, K> ? true : false>;
};

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

export type EventContract = { [E in keyof BusEvents]: DescribeFields<Merged<BusEvents[E]>> };
export type StateContract = { [S in keyof SharedState]: DescribeFields<SharedState[S]> };

/** A descriptor as read from JSON (a baseline, a build's bus-contract.json). */
export type Descriptor = string | { object?: Fields; array?: Descriptor; record?: Descriptor; null?: boolean; optional?: boolean };
export type Fields = Record<string, Descriptor>;
export interface BusContract {
  events: Record<string, Fields>;
  state: Record<string, Fields>;
}

/** true only when A and B are the same descriptor type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when given `true`: `exact<Same<X, Y>>()` fails the type check unless X and Y agree. */
function exact<T extends true>(): T | void {}

/** Every key of `keys` described by the same descriptor (the query's and flags' many fields). */
function each<const K extends string, const D>(keys: readonly K[], descriptor: D): { [P in K]: D } {
  return Object.fromEntries(keys.map((k) => [k, descriptor])) as { [P in K]: D };
}

const CODE_NAME = { object: { code: 'string', name: 'string' } } as const;
const IMAGE = { object: { src: 'string', alt: 'string' } } as const;

export const SEARCH_QUERY = {
  object: {
    ...each(LIST_KEYS, { array: 'string', optional: true }),
    ...each(NUMBER_KEYS, 'number?'),
    ...each(STRING_KEYS, 'string?'),
  },
} as const;

export const LISTING = {
  object: {
    id: 'string',
    vin: 'string',
    title: 'string',
    ownerId: 'string',
    listingType: 'string',
    year: 'number',
    make: CODE_NAME,
    model: CODE_NAME,
    trim: { ...CODE_NAME, optional: true },
    seriesCode: 'string?',
    packages: { array: 'string', optional: true },
    bodyStyles: { array: CODE_NAME },
    bodyStyleSubtype: 'string?',
    fuelType: CODE_NAME,
    driveType: { ...CODE_NAME, optional: true },
    transmission: { ...CODE_NAME, optional: true },
    engine: { object: { code: 'string', name: 'string', cylinders: 'number', displacement: 'number' }, optional: true },
    doors: 'number?',
    seats: 'number?',
    color: { object: { exteriorColorSimple: 'string', interiorColorSimple: 'string' } },
    mileage: { object: { value: 'number', label: 'string' } },
    specifications: {
      object: {
        mileage: 'string?',
        mpg: { object: { city: 'number', highway: 'number' }, optional: true },
        mileRange: 'number?',
        engine: 'string?',
        driveType: 'string?',
      },
      optional: true,
    },
    pricingDetail: {
      object: {
        salePrice: 'number?',
        msrp: 'number?',
        incentive: 'number?',
        dealIndicator: 'string?',
        payments: {
          object: { monthly: 'number', termMonths: 'number', apr: 'number', downPayment: 'number' },
          optional: true,
        },
      },
    },
    paymentServices: { object: { paymentCalculationUrl: 'string', incentivesUrl: 'string' }, optional: true },
    images: { object: { sources: { array: IMAGE }, primary: 'number' } },
    vdpBaseUrl: 'string',
    phone: 'string?',
    website: { object: { href: 'string' }, optional: true },
    hasSpecialOffer: 'boolean?',
    isHot: 'boolean?',
    fyuseId: 'string?',
    isReducedPrice: 'boolean?',
    features: { array: 'string', optional: true },
    vehicleHistory: { array: 'string', optional: true },
    vehicleType: 'string?',
    vehicleUseType: 'string?',
    moneyBackGuarantee: 'boolean?',
    truckBedLength: 'string?',
    truckCabSize: 'string?',
    marketExtension: { object: { parentOwnerId: 'string', imeDmaMatch: 'boolean' }, optional: true },
    vehicleHighlight: {
      object: { isVehicleHighlight: 'boolean', urgencyDriverType: 'string', urgencyDriverValue: 'string' },
      optional: true,
    },
    listingTier: 'string?',
    viewCount: 'number?',
    certifiedProduct: 'string?',
    esntial: { object: { ecommWebsite: 'string?', eligibilityService: 'boolean?' }, optional: true },
  },
} as const;

const OWNER = {
  object: {
    id: 'string',
    name: 'string',
    privateSeller: 'boolean',
    logo: { object: { src: 'string' }, optional: true },
    phone: { object: { value: 'string' }, optional: true },
    location: {
      object: {
        address: { object: { address1: 'string?', city: 'string', state: 'string', zip: 'string' } },
      },
    },
    website: { object: { href: 'string' }, optional: true },
    rating: { object: { value: 'number', count: 'number' }, optional: true },
    homeServices: { array: 'string', optional: true },
    hideEmailForm: 'boolean?',
    distanceFromSearch: 'number?',
    dealerDiff: { object: { tagline: 'string', contentId: 'string', tile: 'string?' }, optional: true },
    shippingLabel: 'string?',
    images: { object: { sources: { array: IMAGE } }, optional: true },
    moneyBackGuarantee: 'boolean?',
  },
} as const;

const MIN_MAX = { object: { min: 'number', max: 'number' } } as const;

const SEARCH_RESULT = {
  object: {
    listings: { array: LISTING },
    owners: { array: OWNER },
    totalResultCount: 'number',
    filters: {
      record: { object: { options: { array: { object: { value: 'string', label: 'string', count: 'number' } } } } },
      optional: true,
    },
    stats: {
      object: {
        year: { ...MIN_MAX, optional: true },
        derivedprice: { object: { min: 'number', max: 'number', avg: 'number' }, optional: true },
      },
      optional: true,
    },
    suggestedFilters: {
      array: { object: { name: 'string', key: 'string', codes: { array: 'string' }, count: 'number' } },
      optional: true,
    },
    suggestedModels: {
      array: {
        object: {
          selectedMakeDescription: 'string',
          selectedModelDescription: 'string',
          suggestedMakeDescription: 'string',
          suggestedModelDescription: 'string',
          suggestedMakeCode: 'string',
          suggestedModelCode: 'string',
        },
      },
      optional: true,
    },
  },
} as const;

const LEAD_PROFILE = {
  object: { firstName: 'string', lastName: 'string', email: 'string', phone: 'string', isOneClickOptedIn: 'boolean' },
} as const;

export const EVENT_CONTRACT = {
  'filters:changed': { query: SEARCH_QUERY, source: 'string?' },
  'results:load-more': { firstRecord: 'number' },
  'compare:add': { listing: LISTING },
  'compare:remove': { listingId: 'string' },
  'alerts:save-search': { query: SEARCH_QUERY, email: 'string?' },
  'shell:search-settled': { requestId: 'number', ok: 'boolean' },
  'shell:page-event': {
    type: 'string',
    ownerId: 'string?',
    target: 'string?',
    listingId: 'string?',
    action: 'string?',
    firstRecord: 'number?',
    by: 'string?',
    listingIds: { array: 'string', optional: true },
    link: 'string?',
    remote: 'string?',
    kind: 'string?',
    version: 'string?',
  },
} as const satisfies EventContract;

export const STATE_CONTRACT = {
  search: {
    query: SEARCH_QUERY,
    result: { ...SEARCH_RESULT, null: true },
    status: 'string',
    requestId: 'number',
    error: 'string|null',
    defaultSort: 'string?',
  },
  session: {
    signedIn: 'boolean',
    leadProfile: { ...LEAD_PROFILE, null: true },
    signInPath: 'string?',
    browsingHistory: { object: { vins: { array: 'string' }, fetchedAt: 'number', consumerId: 'string?' }, null: true, optional: true },
    emailSubscribe: 'string|null?',
    lastInventoryView: 'number|null?',
  },
  compare: {
    items: {
      array: { object: { id: 'string', title: 'string', price: 'number|null', image: 'string|null', year: 'number' } },
    },
    open: 'boolean',
  },
  savedSearch: {
    titles: { array: 'string' },
    count: 'number',
    subscribedEmail: 'string|null',
    subscribedSearch: 'string?',
    status: 'string',
    message: 'string|null',
  },
  brand: {
    brand: 'string',
    flags: { object: each(FEATURE_FLAGS, 'boolean') },
    layout: { object: { showcaseCellWidth: 'number?' }, optional: true },
  },
  modal: { open: 'string|null' },
} as const satisfies StateContract;

// `satisfies` catches a wrong or missing descriptor; these catch one the types no longer have.
exact<Same<typeof EVENT_CONTRACT, EventContract>>();
exact<Same<typeof STATE_CONTRACT, StateContract>>();

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
