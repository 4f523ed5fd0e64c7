/**
 * The account service: identity token lookup, search bookmarks and saved searches (free-user
 * limit), email subscriptions (honeypot), lead profile and leads (one-click), saved listings, listing reports,
 * still-interested alerts, browsing history and browser device registrations. Persisted in
 * `<dataDir>/account/` (src/store, LMDB): a write is acknowledged only once it is on disk.
 *
 * Identity: the `x-identity-token` header carries a token issued by sign-in (GET
 * /account-api/token turns the session cookie value into it). Calls that need a signed-in
 * consumer answer 401 { error } without a known token; other calls record the consumer when the
 * token is known and the `x-anonymous-id` header when given.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRANDS, LIMITS, MESSAGES, type Brand, type LeadProfile } from '@cfs/contracts';
import { AccountStore, TEXTS, type Actor, type Consumer } from '../store/account-store';
import { getStore, releaseStore } from '../store';
import { isLoopback } from './faults';
import { beaconJsonBody, emailProblem, handler, header, ID_PATTERN, VIN_PATTERN } from '../store/http';
import { BadRequest, HttpError, NotFound } from '../util/errors';

export const IDENTITY_HEADER = 'x-identity-token';
export const ANONYMOUS_HEADER = 'x-anonymous-id';
/** The gateway sends the session cookie value in this header (the query's `session` works too). */
export const SESSION_HEADER = 'x-session-id';

const LEAD_EMAIL_MAX = 100;
const ANONYMOUS_RE = /^[A-Za-z0-9_.:-]{1,128}$/;

const str = (maxLength: number, minLength = 0) => ({ type: 'string', maxLength, ...(minLength ? { minLength } : {}) });
const id = { type: 'string', pattern: ID_PATTERN };
const brand = { type: 'string', enum: [...BRANDS] };
const phone = { type: 'string', maxLength: 20, pattern: '^[0-9+() .-]{0,20}$' };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

export async function accountRoutes(app: FastifyInstance, opts: { dataDir: string }): Promise<void> {
  const store = await getStore(opts.dataDir);
  app.addHook('onClose', async () => releaseStore(opts.dataDir));

  /** The signed-in consumer, undefined when no token was sent; 401 when one was sent but is unknown and `strict`. */
  function consumerOf(request: FastifyRequest, strict: boolean): Consumer | undefined {
    const token = header(request, IDENTITY_HEADER);
    if (!token) return undefined;
    const c = token.length <= 512 ? store.consumerForToken(token) : undefined;
    if (!c && strict) throw new HttpError(401, 'Unknown or expired identity token; sign in again');
    return c;
  }

  function requireConsumer(request: FastifyRequest): Consumer {
    const c = consumerOf(request, true);
    if (!c) throw new HttpError(401, `Sign in required (send the ${IDENTITY_HEADER} header)`);
    return c;
  }

  /** Who made a call that does not need sign-in: the consumer if the token is known, the anonymous id if sent. */
  function actorOf(request: FastifyRequest): Actor {
    const anon = header(request, ANONYMOUS_HEADER);
    if (anon !== undefined && !ANONYMOUS_RE.test(anon))
      throw new BadRequest(`${ANONYMOUS_HEADER} must be 1 to 128 letters, digits, '.', ':', '_' or '-'`);
    const c = consumerOf(request, false);
    return { ...(c ? { consumerId: c.id } : {}), ...(anon ? { anonymousId: anon } : {}) };
  }

  // ---- identity token lookup --------------------------------------------------------------------
  app.get(
    '/account-api/token',
    { attachValidation: true, schema: { querystring: obj({ session: str(512, 1) }) } },
    handler<FastifyRequest<{ Querystring: { session?: string } }>>(async (request) => {
      const session = request.query.session ?? header(request, SESSION_HEADER);
      if (!session) throw new BadRequest(`session is required (query session or header ${SESSION_HEADER})`);
      const token = session.length <= 512 ? store.tokenForSession(session) : undefined;
      if (!token) throw new NotFound('Unknown or expired session');
      return { token };
    }),
  );

  // ---- bookmarks --------------------------------------------------------------------------------
  app.get(
    '/account-api/searchbookmarks',
    { attachValidation: true, schema: { querystring: obj({ searchBookmarkId: id }) } },
    handler<FastifyRequest<{ Querystring: { searchBookmarkId?: string } }>>(async (request) => {
      const me = requireConsumer(request);
      const wanted = request.query.searchBookmarkId;
      if (wanted === undefined) return { myAtcSearchViewBeans: store.bookmarksOf(me.id).map(AccountStore.bookmarkView) };
      const b = store.bookmark(wanted);
      if (!b || b.consumerId !== me.id) throw new NotFound(MESSAGES.bookmarkNotFound);
      return { myAtcSearchViewBeans: [AccountStore.bookmarkView(b)] };
    }),
  );

  app.post(
    '/account-api/search',
    {
      attachValidation: true,
      schema: {
        body: obj({ bookmarkId: id, bookmarkTitle: str(200), searchName: str(200), lastExecuted: str(40) }, ['bookmarkId']),
      },
    },
    handler<FastifyRequest<{ Body: { bookmarkId: string; bookmarkTitle?: string; searchName?: string; lastExecuted?: string } }>>(
      async (request, reply) => {
        const me = requireConsumer(request);
        const { bookmarkId, bookmarkTitle, searchName, lastExecuted } = request.body;
        let when = new Date();
        if (lastExecuted !== undefined && lastExecuted !== '') {
          const t = /^\d{1,15}$/.test(lastExecuted) ? Number(lastExecuted) : Date.parse(lastExecuted);
          if (!Number.isFinite(t)) throw new BadRequest('lastExecuted must be a date (ISO 8601 or milliseconds since 1970)');
          when = new Date(t);
          if (Number.isNaN(when.getTime())) throw new BadRequest('lastExecuted is out of range');
        }
        await store.recordRun(me.id, {
          bookmarkId,
          bookmarkTitle: bookmarkTitle?.trim() || undefined,
          searchName: searchName?.trim() || undefined,
          lastExecuted: when.toISOString(),
        });
        return reply.code(204).send();
      },
    ),
  );

  app.get(
    '/account-api/searchbookmarks/share-bookmark/:bookmarkId',
    { attachValidation: true, schema: { params: obj({ bookmarkId: id }, ['bookmarkId']) } },
    handler<FastifyRequest<{ Params: { bookmarkId: string } }>>(async (request) => {
      const b = store.bookmark(request.params.bookmarkId);
      if (!b) throw new NotFound(MESSAGES.bookmarkNotFound);
      // The shared search: the flat bookmark, and the same bean the bookmark lookup answers.
      return {
        bookmarkId: b.bookmarkId,
        bookmarkTitle: b.bookmarkTitle,
        searchResultsURL: b.searchResultsURL,
        myAtcSearchViewBeans: [AccountStore.bookmarkView(b)],
      };
    }),
  );

  // ---- saved searches ---------------------------------------------------------------------------
  app.get(
    '/account-api/savedsearches',
    handler(async (request) => {
      const me = requireConsumer(request);
      const savedSearches = store.bookmarksOf(me.id).map(AccountStore.savedSearchView);
      return { savedSearches, count: savedSearches.length, limit: LIMITS.freeSavedSearches };
    }),
  );

  app.post(
    '/account-api/savedsearches',
    { attachValidation: true, schema: { body: obj({ saveSearchString: str(2000), title: str(200, 1) }, ['saveSearchString', 'title']) } },
    handler<FastifyRequest<{ Body: { saveSearchString: string; title: string } }>>(async (request, reply) => {
      const me = requireConsumer(request);
      const title = request.body.title.trim();
      if (!title) throw new BadRequest('title must not be empty');
      const { savedSearch, count, created } = await store.saveSearch(me.id, { saveSearchString: request.body.saveSearchString, title });
      return reply.code(created ? 201 : 200).send({ savedSearch, count });
    }),
  );

  // ---- email subscriptions ----------------------------------------------------------------------
  app.post(
    '/account-api/email-subscriptions',
    {
      attachValidation: true,
      schema: { body: obj({ email: { type: 'string' }, brand, search: str(2000), textPot: { type: 'string' } }, ['brand']) },
    },
    handler<FastifyRequest<{ Body: { email?: string; brand: Brand; search?: string; textPot?: string } }>>(async (request, reply) => {
      const { email, brand: b, search, textPot } = request.body;
      // Honeypot: people never see textPot; whoever fills it gets a success that stores nothing.
      if (textPot !== undefined && textPot.trim() !== '') return reply.code(200).send({ status: 'success', message: TEXTS.subscribed });
      const problem = emailProblem(email, LIMITS.emailMaxLength);
      if (problem) throw new BadRequest(problem);
      const { outcome } = await store.subscribe({ email: email!.trim(), brand: b, search: search ?? '' }, actorOf(request));
      if (outcome === 'exists') return reply.code(409).send({ status: 'warning', message: TEXTS.alreadySubscribed });
      return reply.code(201).send({ status: 'success', message: TEXTS.subscribed });
    }),
  );

  // ---- lead profile and leads -------------------------------------------------------------------
  app.get(
    '/account-api/lead-profile',
    handler(async (request) => {
      const me = requireConsumer(request);
      const profile = store.leadProfile(me.id);
      if (!profile) throw new NotFound('No lead profile yet');
      return profile;
    }),
  );

  app.put(
    '/account-api/lead-profile',
    {
      attachValidation: true,
      schema: {
        body: obj({ firstName: str(50), lastName: str(50), email: { type: 'string' }, phone, isOneClickOptedIn: { type: 'boolean' } }),
      },
    },
    handler<FastifyRequest<{ Body: Partial<LeadProfile> }>>(async (request) => {
      const me = requireConsumer(request);
      const b = request.body;
      const patch: Partial<LeadProfile> = {};
      if (b.firstName !== undefined) patch.firstName = b.firstName.trim();
      if (b.lastName !== undefined) patch.lastName = b.lastName.trim();
      if (b.email !== undefined && b.email.trim() !== '') {
        const problem = emailProblem(b.email, LEAD_EMAIL_MAX);
        if (problem) throw new BadRequest(problem);
        patch.email = b.email.trim();
      } else if (b.email !== undefined) patch.email = '';
      if (b.phone !== undefined) patch.phone = b.phone.trim();
      if (b.isOneClickOptedIn !== undefined) patch.isOneClickOptedIn = b.isOneClickOptedIn;
      return store.putLeadProfile(me.id, patch);
    }),
  );

  app.post(
    '/account-api/leads',
    {
      attachValidation: true,
      schema: {
        body: obj({ listingId: id, firstName: str(50, 1), lastName: str(50, 1), email: { type: 'string' }, phone, comment: str(2000, 1) }, [
          'listingId',
          'firstName',
          'lastName',
          'email',
          'comment',
        ]),
      },
    },
    handler<
      FastifyRequest<{ Body: { listingId: string; firstName: string; lastName: string; email: string; phone?: string; comment: string } }>
    >(async (request) => {
      const b = request.body;
      const firstName = b.firstName.trim();
      const lastName = b.lastName.trim();
      const comment = b.comment.trim();
      if (!firstName) throw new BadRequest('firstName must not be empty');
      if (!lastName) throw new BadRequest('lastName must not be empty');
      if (!comment) throw new BadRequest('comment must not be empty');
      const problem = emailProblem(b.email, LEAD_EMAIL_MAX);
      if (problem) throw new BadRequest(problem);
      const lead = await store.addLead(
        { kind: 'email', listingId: b.listingId, firstName, lastName, email: b.email.trim(), phone: (b.phone ?? '').trim(), comment },
        actorOf(request),
      );
      return { status: 'SUCCESS', leadId: lead.id };
    }),
  );

  // The signed-in consumer's own leads, newest first (what they sent and when).
  app.get(
    '/account-api/leads',
    handler(async (request) => ({ leads: store.leadsOf(requireConsumer(request).id) })),
  );

  app.post(
    '/account-api/leads/one-click',
    { attachValidation: true, schema: { body: obj({ listingId: id, comment: str(2000) }, ['listingId']) } },
    handler<FastifyRequest<{ Body: { listingId: string; comment?: string } }>>(async (request) => {
      const me = requireConsumer(request);
      const p = store.leadProfile(me.id);
      if (!p) throw new BadRequest('No lead profile: save first name, last name and email before one-click contact');
      const missing = [!p.firstName && 'first name', !p.lastName && 'last name', !p.email && 'email'].filter(Boolean);
      if (missing.length) throw new BadRequest(`The lead profile lacks ${missing.join(', ')}`);
      const lead = await store.addLead(
        {
          kind: 'one-click',
          listingId: request.body.listingId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phone: p.phone,
          comment: request.body.comment?.trim() || MESSAGES.oneClickComment,
        },
        { consumerId: me.id },
      );
      return { status: 'SUCCESS', leadId: lead.id };
    }),
  );

  // ---- saved listings (flag personalization) -----------------------------------------------------
  app.get(
    '/account-api/saved-listings',
    handler(async (request) => ({ listingIds: store.savedListings(requireConsumer(request).id) })),
  );

  app.post(
    '/account-api/saved-listings',
    { attachValidation: true, schema: { body: obj({ listingId: id, saved: { type: 'boolean' } }, ['listingId', 'saved']) } },
    handler<FastifyRequest<{ Body: { listingId: string; saved: boolean } }>>(async (request) => {
      const me = requireConsumer(request);
      const listingIds = await store.setSavedListing(me.id, request.body.listingId, request.body.saved);
      return { listingIds };
    }),
  );

  // ---- report, still interested, browsing history -----------------------------------------------
  app.post(
    '/account-api/report-listing',
    { attachValidation: true, schema: { body: obj({ listingId: id, reason: str(500, 1) }, ['listingId', 'reason']) } },
    handler<FastifyRequest<{ Body: { listingId: string; reason: string } }>>(async (request, reply) => {
      const reason = request.body.reason.trim();
      if (!reason) throw new BadRequest('reason must not be empty');
      const report = await store.addReport({ listingId: request.body.listingId, reason }, actorOf(request));
      return reply.code(201).send({ status: 'received', reportId: report.id });
    }),
  );

  app.post(
    '/account-api/still-interested',
    {
      attachValidation: true,
      // A beacon arrives as text/plain: read it as JSON before the schema check.
      preValidation: beaconJsonBody,
      schema: {
        body: obj(
          {
            brand,
            vins: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', pattern: VIN_PATTERN } },
            consumer_id: id,
            email: { type: 'string' },
          },
          ['brand', 'vins'],
        ),
      },
    },
    handler<FastifyRequest<{ Body: { brand: Brand; vins: string[]; consumer_id?: string; email?: string } }>>(async (request, reply) => {
      const b = request.body;
      let email: string | undefined;
      if (b.email !== undefined && b.email.trim() !== '') {
        const problem = emailProblem(b.email, LIMITS.emailMaxLength);
        if (problem) throw new BadRequest(problem);
        email = b.email.trim().toLowerCase();
      }
      const vins = [...new Set(b.vins.map((v) => v.toUpperCase()))];
      const alert = await store.addStillInterested({ brand: b.brand, vins, claimedConsumerId: b.consumer_id, email }, actorOf(request));
      return reply.code(202).send({ status: 'accepted', id: alert.id });
    }),
  );

  app.get(
    '/account-api/browsing-history',
    // The consumer's id beside the alerts: the page sends it back as the alert's consumer_id.
    handler(async (request) => {
      const consumerId = requireConsumer(request).id;
      return { consumerId, ...store.browsingHistory(consumerId) };
    }),
  );

  // ---- browser push registration ----------------------------------------------------------------
  app.post(
    '/cars-for-sale/consumer-device/browser',
    {
      attachValidation: true,
      schema: {
        body: obj(
          { brand, pixall_id: id, browser_token: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_:.-]{1,4096}$' } },
          ['brand', 'browser_token'],
        ),
      },
    },
    handler<FastifyRequest<{ Body: { brand: Brand; pixall_id?: string; browser_token: string } }>>(async (request, reply: FastifyReply) => {
      const b = request.body;
      const { created } = await store.registerDevice(
        { brand: b.brand, browserToken: b.browser_token, pixallId: b.pixall_id },
        actorOf(request),
      );
      return reply.code(created ? 201 : 200).send({ status: 'registered' });
    }),
  );

  // Test-only read, loopback only (like the fault switch): the device stored for a brand and token.
  app.get(
    '/__devices/:brand/:token',
    handler<FastifyRequest<{ Params: { brand: Brand; token: string } }>>(async (request, reply: FastifyReply) => {
      if (!isLoopback(request)) return reply.code(403).send({ error: 'device reads answer loopback only' });
      const device = store.device(request.params.brand, request.params.token);
      if (!device) throw new NotFound('no such device');
      return device;
    }),
  );
}
