/**
 * Page events (page-furniture §7 last paragraph): the clicks and impressions the page reports —
 * Hide click, sponsor clicks, load-more, article clicks, carousel interactions — and the listing
 * impressions. The spec names them but does not describe them; the shapes, the names and the
 * limits below are designed: one event per interaction, plain data, with the ids needed to tell
 * which dealer, listing or article it was about.
 *
 * Remotes publish them on the bus as 'shell:page-event'; the shell batches them and sends each
 * batch to the gateway's PAGE_EVENTS_PATH, which checks it against PAGE_EVENT_BATCH_SCHEMA (bodies.ts) and
 * has the upstream store it. A failed send is logged only (page-furniture §8).
 */

import type { PageEvent } from './bodies';

/**
 * One page event: its type comes from its schema (bodies.ts PAGE_EVENT_SCHEMAS), which the
 * browser does not load (the schema library stays on the servers and in the forms that need it).
 */
export type { PageEvent };

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

export type PageEventType = PageEvent['type'];

/** Every event type (the batch schema's, contracts test: the same list). */
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
