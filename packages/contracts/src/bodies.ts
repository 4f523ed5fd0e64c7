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
    brand: Type.Union(BRANDS.map((b) => Type.Literal(b))),
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

/** The lead form's limits, as its schema holds them: what the dialog checks before it sends. */
export const LEAD_LIMITS = {
  name: EMAIL_DEALER_BODY.properties.firstName.maxLength as number,
  email: EMAIL_DEALER_BODY.properties.email.maxLength as number,
  phone: EMAIL_DEALER_BODY.properties.phone.maxLength as number,
  comment: EMAIL_DEALER_BODY.properties.comment.maxLength as number,
} as const;

/** A string of one of these values, as a JSON schema (an enum) and as their TypeScript union. */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
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
