/**
 * The bodies a remote sends through the gateway, each one schema (TypeBox: a JSON Schema that is
 * also a TypeScript type). The gateway's route table checks every request against it (a body
 * outside it is a 400), the remote's code builds its body as its type, and the remote's form
 * takes its limits from it: a change to a schema here changes all three, and a remote whose body
 * no longer fits does not type-check.
 *
 * The page events' schemas are here too (PAGE_EVENT_SCHEMAS, PAGE_EVENT_BATCH_SCHEMA); the texts,
 * names and limits they use are analytics.ts's. A module of its own (`@cfs/contracts/bodies`):
 * the schema library is not part of what the page loads first.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { BRANDS } from './brand';
import { LIMITS } from './messages';
import { CAROUSEL_ACTIONS, LOAD_MORE_BY, PAGE_EVENT_LIMITS, PAGE_EVENT_TYPES, REGION_HEALTH_KINDS, SPONSOR_TARGETS } from './analytics';
import { REMOTE_NAMES } from './registry';

/** The shapes of values bodies carry (the gateway's route table checks queries with them too). */
export const VALUE_PATTERNS = {
  id: '^[A-Za-z0-9_-]{1,64}$',
  vin: '^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$',
  phone: '^[0-9+() .-]{0,20}$',
} as const;

const id = () => Type.String({ maxLength: 64, pattern: VALUE_PATTERNS.id });
const text = (maxLength: number) => Type.String({ maxLength });
const phone = () => Type.String({ maxLength: 20, pattern: VALUE_PATTERNS.phone });
/**
 * A string of one of these values, as a JSON schema (an enum: ajv's message names the allowed values)
 * and as their TypeScript union. TypeBox's own Value does not check it.
 */
export const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
/** Bodies' own values are TypeBox literals, so a body can be checked with TypeBox's Value as well as ajv. */
const BRAND = Type.Union(BRANDS.map((b) => Type.Literal(b)));

/** Email the seller (search-results §4): the lead form, as sent. */
export const EMAIL_DEALER_BODY = Type.Object(
  {
    listingId: id(),
    firstName: text(50),
    lastName: text(50),
    email: text(100),
    phone: Type.Optional(phone()),
    comment: text(2000),
  },
  { additionalProperties: false },
);
export type EmailDealerBody = Static<typeof EMAIL_DEALER_BODY>;

/** The one-click email (search-results §4): the listing, and the comment it sends. */
export const ONE_CLICK_EMAIL_BODY = Type.Object({ listingId: id(), comment: Type.Optional(text(2000)) }, { additionalProperties: false });
export type OneClickEmailBody = Static<typeof ONE_CLICK_EMAIL_BODY>;

/** The signed-in shopper's lead profile as the email dialog saves it (one-click opt-in, name, email, phone). */
export const LEAD_PROFILE_UPDATE_BODY = Type.Object(
  {
    firstName: Type.Optional(text(50)),
    lastName: Type.Optional(text(50)),
    email: Type.Optional(text(100)),
    phone: Type.Optional(phone()),
    isOneClickOptedIn: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LeadProfileUpdateBody = Static<typeof LEAD_PROFILE_UPDATE_BODY>;

/** The still-interested alert (page-furniture §7, §9): the brand, and up to 10 vehicles by VIN. */
export const STILL_INTERESTED_BODY = Type.Object(
  {
    brand: BRAND,
    vins: Type.Array(Type.String({ maxLength: 17, pattern: VALUE_PATTERNS.vin }), {
      minItems: 1,
      maxItems: LIMITS.stillInterestedVehicles,
    }),
    consumer_id: Type.Optional(id()),
    email: Type.Optional(text(LIMITS.emailMaxLength)),
  },
  { additionalProperties: false },
);
export type StillInterestedBody = Static<typeof STILL_INTERESTED_BODY>;

/** Subscribe to email alerts (page-furniture §7 Email subscribe): both email prompts send it. */
export const EMAIL_SUBSCRIBE_BODY = Type.Object(
  {
    email: Type.Optional(text(LIMITS.emailMaxLength)),
    brand: BRAND,
    search: Type.Optional(text(2000)),
    /** The honeypot: a person leaves it empty. */
    textPot: Type.Optional(text(200)),
    /** The consumer metadata update sent with it. */
    consumerMetadata: Type.Optional(
      Type.Object(
        { emailSubscribe: Type.Optional(Type.Literal('subscribed')), lastSubscribedSearch: Type.Optional(text(2000)) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type EmailSubscribeBody = Static<typeof EMAIL_SUBSCRIBE_BODY>;

/** Save the current search (free accounts keep two). */
export const SAVED_SEARCH_BODY = Type.Object(
  { saveSearchString: text(2000), title: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SavedSearchBody = Static<typeof SAVED_SEARCH_BODY>;

/** A saved search's run, recorded when the shopper opens it. */
export const RECORD_SEARCH_BODY = Type.Object(
  {
    bookmarkId: id(),
    bookmarkTitle: Type.Optional(text(200)),
    searchName: Type.Optional(text(200)),
    lastExecuted: Type.Optional(text(40)),
  },
  { additionalProperties: false },
);
export type RecordSearchBody = Static<typeof RECORD_SEARCH_BODY>;

/** Report a listing (search-results §4), with the shopper's reason. */
export const REPORT_LISTING_BODY = Type.Object({ listingId: id(), reason: text(500) }, { additionalProperties: false });
export type ReportListingBody = Static<typeof REPORT_LISTING_BODY>;

/** Save or unsave a listing (the card's heart). */
export const SAVE_LISTING_BODY = Type.Object({ listingId: id(), saved: Type.Boolean() }, { additionalProperties: false });
export type SaveListingBody = Static<typeof SAVE_LISTING_BODY>;

/** The browser's push registration (page-furniture §7 consumer device). */
export const CONSUMER_DEVICE_BODY = Type.Object(
  { brand: BRAND, pixall_id: Type.Optional(id()), browser_token: Type.String({ maxLength: 4096, pattern: '^[A-Za-z0-9_:.-]{1,4096}$' }) },
  { additionalProperties: false },
);
export type ConsumerDeviceBody = Static<typeof CONSUMER_DEVICE_BODY>;

/** The lead form's limits, as its schema holds them: what the dialog checks before it sends. */
export const LEAD_LIMITS = {
  name: EMAIL_DEALER_BODY.properties.firstName.maxLength as number,
  email: EMAIL_DEALER_BODY.properties.email.maxLength as number,
  phone: EMAIL_DEALER_BODY.properties.phone.maxLength as number,
  comment: EMAIL_DEALER_BODY.properties.comment.maxLength as number,
} as const;

const ID = Type.String({ pattern: VALUE_PATTERNS.id });
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
export const PAGE_EVENT_SCHEMAS = {
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

/**
 * The JSON schema of a batch, `{ events: PageEvent[] }`: the gateway and the upstream check every
 * batch with it (anything else is a 400). One object schema with every field, and per type the
 * fields it requires and the only ones it may carry (if/then and propertyNames rather than oneOf:
 * a validator that removes additional properties would strip them while trying each branch).
 */
export const PAGE_EVENT_BATCH_SCHEMA = Type.Unsafe<{ events: PageEvent[] }>({
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
});
