/**
 * Page events (page-furniture §7 last paragraph): the clicks and impressions the page reports —
 * Hide click, sponsor clicks, load-more, article clicks, carousel interactions — and the listing
 * impressions. The spec names them but does not describe them; the shapes, the names and the
 * limits below are designed: one event per interaction, plain data, with the ids needed to tell
 * which dealer, listing or article it was about.
 *
 * Remotes publish them on the bus as 'shell:page-event'; the shell batches them and sends each
 * batch to the gateway's PAGE_EVENTS_PATH, which checks it against PAGE_EVENT_BATCH_SCHEMA and
 * has the upstream store it. A failed send is logged only (page-furniture §8).
 */

import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { REMOTE_NAMES } from './registry';

/** The carousel controls: the showcase's View Vehicles / Hide Vehicles, and Next / Previous. */
export const CAROUSEL_ACTIONS = ['open', 'close', 'next', 'previous'] as const;
export type CarouselAction = (typeof CAROUSEL_ACTIONS)[number];

/** Which sponsor link was followed: the dealer's 'View All Cars', or one of its vehicles. */
export const SPONSOR_TARGETS = ['view-all', 'vehicle'] as const;
export type SponsorTarget = (typeof SPONSOR_TARGETS)[number];

/** How the next page was asked for: 'See More Results', or the infinite-scroll trigger. */
export const LOAD_MORE_BY = ['button', 'scroll'] as const;
export type LoadMoreBy = (typeof LOAD_MORE_BY)[number];

/**
 * How a region fared on a page, with the remote and the registry version that served it (the
 * evidence a canary is judged by): 'mount' when it mounted; the failures: 'load-failure' (its
 * entry or a chunk did not load), 'error' (its mount threw, or its error boundary caught a render
 * error), 'hydration' (React fell back to a client render: a server/browser mismatch), and
 * 'notice' (the shell put the region's unavailable notice up).
 */
export const REGION_HEALTH_KINDS = ['mount', 'load-failure', 'error', 'hydration', 'notice'] as const;
export type RegionHealthKind = (typeof REGION_HEALTH_KINDS)[number];
/** The kinds that count as a region failing (a notice is what a failure shows, not another one). */
export const REGION_FAILURE_KINDS = ['load-failure', 'error', 'hydration'] as const satisfies readonly RegionHealthKind[];

export const PAGE_EVENT_LIMITS = {
  /** The most events in one batch (a full batch is sent at once). */
  batchEvents: 50,
  /** The most bytes of one batch's JSON (sendBeacon's queue is about 64 KiB for the whole page). */
  batchBytes: 16 * 1024,
  /** The most listing ids of one impression event. */
  impressionIds: 60,
  /** A batch that is not full is sent this long after its first event. */
  flushDelayMs: 2000,
  /** The longest link of an article click. */
  linkMaxLength: 500,
} as const;

/** A string of one of these values, as a JSON schema (an enum) and as their TypeScript union. */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
/** Every field an event may carry, each one schema. */
const FIELD = {
  ownerId: ID,
  target: oneOf(SPONSOR_TARGETS),
  listingId: ID,
  action: oneOf(CAROUSEL_ACTIONS),
  firstRecord: Type.Integer({ minimum: 0, maximum: 100000 }),
  by: oneOf(LOAD_MORE_BY),
  listingIds: Type.Array(ID, { minItems: 1, maxItems: PAGE_EVENT_LIMITS.impressionIds }),
  link: Type.String({ minLength: 1, maxLength: PAGE_EVENT_LIMITS.linkMaxLength }),
  remote: oneOf(REMOTE_NAMES),
  kind: oneOf(REGION_HEALTH_KINDS),
  version: Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' }),
};
const event = <T extends string, P extends TProperties>(type: T, fields: P) => Type.Object({ type: Type.Literal(type), ...fields });

/**
 * Each event type's schema: the fields it requires and the ones it may carry. The PageEvent type
 * and the batch's JSON schema both come from here.
 */
const PAGE_EVENT_SCHEMAS = {
  /** The showcase's Hide. */
  'showcase:hide-click': event('showcase:hide-click', { ownerId: FIELD.ownerId }),
  /** A link of the sponsored dealer followed. */
  'showcase:sponsor-click': event('showcase:sponsor-click', {
    ownerId: FIELD.ownerId,
    target: FIELD.target,
    listingId: Type.Optional(FIELD.listingId),
  }),
  /** The showcase's vehicle carousel opened or closed. */
  'showcase:carousel': event('showcase:carousel', { ownerId: FIELD.ownerId, action: FIELD.action }),
  /** The next page of results asked for. */
  'results:load-more': event('results:load-more', { firstRecord: FIELD.firstRecord, by: FIELD.by }),
  /** Listings that came into view, each once per search. */
  'results:impression': event('results:impression', { listingIds: FIELD.listingIds }),
  /** An article or expert review of the model reference followed. */
  'reference:article-click': event('reference:article-click', { link: FIELD.link }),
  /** The article carousel moved. */
  'reference:carousel': event('reference:carousel', { action: FIELD.action }),
  /** The compare drawer came into view (LIMITS.compareDrawerVisibility of it), with the listings it held. */
  'compare:drawer-view': event('compare:drawer-view', { listingIds: FIELD.listingIds }),
  /** A region mounted or failed (the shell adds the registry version a remote's own report leaves out). */
  'region:health': event('region:health', { remote: FIELD.remote, kind: FIELD.kind, version: Type.Optional(FIELD.version) }),
};

/** One page event, as its schema (PAGE_EVENT_SCHEMAS) says. */
export type PageEvent = { [T in keyof typeof PAGE_EVENT_SCHEMAS]: Static<(typeof PAGE_EVENT_SCHEMAS)[T]> }[keyof typeof PAGE_EVENT_SCHEMAS];

export type PageEventType = PageEvent['type'];

export const PAGE_EVENT_TYPES = Object.keys(PAGE_EVENT_SCHEMAS) as PageEventType[];

/** Where the page sends its batches (the gateway's collector). */
export const PAGE_EVENTS_PATH = '/account-api/page-events';

/**
 * The JSON schema of a batch, `{ events: PageEvent[] }`: the gateway and the upstream check every
 * batch with it (anything else is a 400). One object schema with every field, and per type the
 * fields it requires and the only ones it may carry (if/then and propertyNames rather than oneOf:
 * a validator that removes additional properties would strip them while trying each branch).
 */
export const PAGE_EVENT_BATCH_SCHEMA = {
  type: 'object',
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: PAGE_EVENT_LIMITS.batchEvents,
      items: {
        type: 'object',
        properties: { type: oneOf(PAGE_EVENT_TYPES), ...FIELD },
        required: ['type'],
        additionalProperties: false,
        allOf: PAGE_EVENT_TYPES.map((type) => {
          const schema = PAGE_EVENT_SCHEMAS[type];
          const required = (schema.required ?? []).filter((k) => k !== 'type');
          return {
            if: { properties: { type: { const: type } } },
            then: { required, propertyNames: { enum: Object.keys(schema.properties) } },
          };
        }),
      },
    },
  },
  required: ['events'],
  additionalProperties: false,
};
