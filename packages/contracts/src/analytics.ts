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

import { REMOTE_NAMES, type RemoteName } from './registry';

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

export type PageEvent =
  /** The showcase's Hide. */
  | { type: 'showcase:hide-click'; ownerId: string }
  /** A link of the sponsored dealer followed. */
  | { type: 'showcase:sponsor-click'; ownerId: string; target: SponsorTarget; listingId?: string }
  /** The showcase's vehicle carousel opened or closed. */
  | { type: 'showcase:carousel'; ownerId: string; action: CarouselAction }
  /** The next page of results asked for. */
  | { type: 'results:load-more'; firstRecord: number; by: LoadMoreBy }
  /** Listings that came into view, each once per search. */
  | { type: 'results:impression'; listingIds: string[] }
  /** An article or expert review of the model reference followed. */
  | { type: 'reference:article-click'; link: string }
  /** The article carousel moved. */
  | { type: 'reference:carousel'; action: CarouselAction }
  /** The compare drawer came into view (LIMITS.compareDrawerVisibility of it), with the listings it held. */
  | { type: 'compare:drawer-view'; listingIds: string[] }
  /** A region mounted or failed (the shell adds the registry version a remote's own report leaves out). */
  | { type: 'region:health'; remote: RemoteName; kind: RegionHealthKind; version?: string };

export type PageEventType = PageEvent['type'];

export const PAGE_EVENT_TYPES = [
  'showcase:hide-click',
  'showcase:sponsor-click',
  'showcase:carousel',
  'results:load-more',
  'results:impression',
  'reference:article-click',
  'reference:carousel',
  'compare:drawer-view',
  'region:health',
] as const satisfies readonly PageEventType[];

/** Where the page sends its batches (the gateway's collector). */
export const PAGE_EVENTS_PATH = '/account-api/page-events';

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

const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;

/** Each type's fields: the required ones, then the optional ones. */
const FIELDS_OF: Record<PageEventType, readonly [required: readonly string[], optional?: readonly string[]]> = {
  'showcase:hide-click': [['ownerId']],
  'showcase:sponsor-click': [['ownerId', 'target'], ['listingId']],
  'showcase:carousel': [['ownerId', 'action']],
  'results:load-more': [['firstRecord', 'by']],
  'results:impression': [['listingIds']],
  'reference:article-click': [['link']],
  'reference:carousel': [['action']],
  'compare:drawer-view': [['listingIds']],
  'region:health': [['remote', 'kind'], ['version']],
};

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
        properties: {
          type: { type: 'string', enum: [...PAGE_EVENT_TYPES] },
          ownerId: ID,
          target: { type: 'string', enum: [...SPONSOR_TARGETS] },
          listingId: ID,
          action: { type: 'string', enum: [...CAROUSEL_ACTIONS] },
          firstRecord: { type: 'integer', minimum: 0, maximum: 100000 },
          by: { type: 'string', enum: [...LOAD_MORE_BY] },
          listingIds: { type: 'array', minItems: 1, maxItems: PAGE_EVENT_LIMITS.impressionIds, items: ID },
          link: { type: 'string', minLength: 1, maxLength: PAGE_EVENT_LIMITS.linkMaxLength },
          remote: { type: 'string', enum: [...REMOTE_NAMES] },
          kind: { type: 'string', enum: [...REGION_HEALTH_KINDS] },
          version: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$' },
        },
        required: ['type'],
        additionalProperties: false,
        allOf: PAGE_EVENT_TYPES.map((type) => {
          const [required, optional = []] = FIELDS_OF[type];
          return {
            if: { properties: { type: { const: type } } },
            then: { required: [...required], propertyNames: { enum: ['type', ...required, ...optional] } },
          };
        }),
      },
    },
  },
  required: ['events'],
  additionalProperties: false,
};
