/**
 * The bodies a remote sends through the gateway, each one schema (TypeBox: a JSON Schema that is
 * also a TypeScript type). The gateway's route table checks every request against it (a body
 * outside it is a 400), the remote's code builds its body as its type, and the remote's form
 * takes its limits from it: a change to a schema here changes all three, and a remote whose body
 * no longer fits does not type-check.
 *
 * Page-event batches have their schema in analytics.ts (PAGE_EVENT_BATCH_SCHEMA).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BRANDS } from './brand';
import { LIMITS } from './messages';

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
