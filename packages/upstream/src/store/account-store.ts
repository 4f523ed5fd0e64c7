/**
 * The account data of the embedded upstream: consumers, sign-in sessions and their identity
 * tokens, search bookmarks (saved searches), email subscriptions, lead profiles, leads, listing
 * reports, still-interested alerts and browser device registrations. Kept in memory for reads and
 * stored record by record in an embedded database (`<dataDir>/account/`, LMDB: see records.ts):
 * a change writes only the records it touched, on LMDB's writer thread, and is acknowledged once
 * it is on disk. A data folder of an earlier version (`account.json`) is imported once.
 *
 * Bounded growth (`prune`, at open and every hour; the record caps also at each sign-in and new
 * browser registration): expired sessions go, still-interested alerts
 * go once no longer active, leads and reports after LIST_RETENTION_MS, devices not seen for
 * DEVICE_RETENTION_MS, consumers not signed in for CONSUMER_IDLE_MS (with their saved searches);
 * each list keeps at most LIST_MAX records (the newest); consumers, sessions and devices at most
 * RECORDS_MAX each (the oldest go), and one consumer at most SESSIONS_PER_CONSUMER sessions.
 *
 * Secrets: session ids (the `cfs_session` cookie value) are stored only as SHA-256 hashes; the
 * identity token a session maps to is an opaque random value the gateway fetches once per call.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, MESSAGES, type Brand, type LeadProfile } from '@cfs/contracts';
import { parseQuery, serializeQuery } from '@cfs/search-query';
import { HttpError, NotFound } from '../util/errors';
import { RecordStore, readRecords, type Changes, type Shape } from './records';

/** The database folder inside the data folder. */
export const DB_DIR = 'account';
/** The single JSON document of earlier versions: imported into the database once, then renamed. */
export const LEGACY_FILE = 'account.json';
/** How long leads and listing reports are kept. */
export const LIST_RETENTION_MS = 365 * 24 * 3600 * 1000;
/** A browser registration not renewed for this long is dropped. */
export const DEVICE_RETENTION_MS = 270 * 24 * 3600 * 1000;
/** The most records a list keeps (the newest). */
export const LIST_MAX = 100_000;
/**
 * The most consumers, sessions and browser registrations kept: one past it drops the oldest (the
 * longest since sign-in, the oldest session, the registration renewed longest ago) down to 99 %.
 */
export const RECORDS_MAX = 100_000;
/** The most live sessions one consumer holds: a sign-in past it ends their oldest. */
export const SESSIONS_PER_CONSUMER = 50;
/** A consumer not signed in for this long is removed, with their saved searches. */
export const CONSUMER_IDLE_MS = 2 * 365 * 24 * 3600 * 1000;
/** The most saved listings a consumer keeps (the newest). */
export const SAVED_LISTINGS_MAX = 500;
const PRUNE_EVERY_MS = 3600 * 1000;
/** How long a sign-in session (and its identity token) lasts. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Still-interested alerts older than this are no longer "still active" (and are pruned). */
export const ALERT_ACTIVE_MS = 30 * 24 * 3600 * 1000;
/** Texts the spec leaves open ("texts not shown"): ours. */
export const TEXTS = {
  subscribed: "You're subscribed. We'll email you when new listings match this search.",
  alreadySubscribed: 'This email address is already subscribed to this search.',
  textModalDisclaimer: 'By saving this search you agree to receive email alerts about matching listings. You can unsubscribe at any time.',
  saveSearchInstrText: 'Saved searches live in your account. Open one to run it again with its filters.',
} as const;

export interface Consumer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  lastSignInAt: string;
  /** Set only by PUT /account-api/lead-profile (one-click needs it). */
  leadProfile?: LeadProfile;
  /** Saved listings (ids, newest first; POST /account-api/saved-listings). */
  savedListings?: string[];
}

export interface Session {
  consumerId: string;
  token: string;
  createdAt: string;
  expiresAt: string;
}

export interface Bookmark {
  bookmarkId: string;
  consumerId: string;
  bookmarkTitle: string;
  /** Canonical serialized search (search-query serializeQuery of the saved string). */
  saveSearchString: string;
  searchResultsURL: string;
  bookmarkDate: string;
  searchName?: string;
  lastExecuted?: string;
  runs: number;
}

export interface Subscription {
  id: string;
  email: string;
  brand: Brand;
  /** Canonical serialized search ('' for "any search"). */
  search: string;
  createdAt: string;
  consumerId?: string;
  anonymousId?: string;
}

export interface Lead {
  id: string;
  kind: 'email' | 'one-click';
  listingId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comment: string;
  createdAt: string;
  consumerId?: string;
  anonymousId?: string;
}

export interface Report {
  id: string;
  listingId: string;
  reason: string;
  createdAt: string;
  consumerId?: string;
  anonymousId?: string;
}

export interface StillInterestedAlert {
  id: string;
  brand: Brand;
  vins: string[];
  createdAt: string;
  /** The signed-in consumer (from the identity token). */
  consumerId?: string;
  /** consumer_id as the page sent it. */
  claimedConsumerId?: string;
  email?: string;
  anonymousId?: string;
}

export interface Device {
  brand: Brand;
  pixallId?: string;
  browserToken: string;
  createdAt: string;
  updatedAt: string;
  consumerId?: string;
  anonymousId?: string;
}

export interface AccountData {
  version: 1;
  consumers: Record<string, Consumer>;
  /** By SHA-256 (base64url) of the session id. */
  sessions: Record<string, Session>;
  bookmarks: Record<string, Bookmark>;
  subscriptions: Subscription[];
  leads: Lead[];
  reports: Report[];
  stillInterested: StillInterestedAlert[];
  /** By SHA-256 of brand and browser token. */
  devices: Record<string, Device>;
}

export interface SavedSearchView {
  bookmarkId: string;
  saveSearchString: string;
  title: string;
  bookmarkDate: string;
  textModalDisclaimer: string;
  instructions: string;
}

export interface BookmarkView {
  bookmarkId: string;
  bookmarkTitle: string;
  textModalDisclaimer: string;
  saveSearchInstrText: string;
  searchResultsURL: string;
  lastExecuted?: string;
}

export interface Actor {
  consumerId?: string;
  anonymousId?: string;
}

const emptyData = (): AccountData => ({
  version: 1,
  consumers: {},
  sessions: {},
  bookmarks: {},
  subscriptions: [],
  leads: [],
  reports: [],
  stillInterested: [],
  devices: {},
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks what was read from disk (and fills collections added by later versions). */
export function reviveAccountData(raw: unknown): AccountData {
  if (!isRecord(raw) || raw.version !== 1) throw new Error('the account data file is not version 1 account data');
  const d = { ...emptyData(), ...raw } as AccountData;
  for (const k of ['consumers', 'sessions', 'bookmarks', 'devices'] as const) {
    if (!isRecord(d[k])) throw new Error(`account data: ${k} must be an object`);
  }
  for (const k of ['subscriptions', 'leads', 'reports', 'stillInterested'] as const) {
    if (!Array.isArray(d[k])) throw new Error(`account data: ${k} must be an array`);
  }
  return d;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
export const randomId = (prefix: string, bytes = 12) => `${prefix}${crypto.randomBytes(bytes).toString('base64url')}`;

/** The canonical form of a serialized search: parsed and re-serialized (order and spelling independent). */
export function canonicalSearch(s: string): string {
  return serializeQuery(parseQuery(s.trim().replace(/^\?/, '')));
}

/** Where a saved search opens: the results page with its values. */
export function searchResultsUrl(canonical: string): string {
  return canonical ? `/cars-for-sale?${canonical}` : '/cars-for-sale';
}

const SHAPE: Shape<AccountData> = {
  records: ['consumers', 'sessions', 'bookmarks', 'devices'],
  lists: ['subscriptions', 'leads', 'reports', 'stillInterested'],
};

/** What is on disk in a data folder, read on its own (tests, diagnostics); safe beside an open store. */
export function readStoredAccount(dataDir: string): AccountData {
  return readRecords(path.join(dataDir, DB_DIR), SHAPE, emptyData);
}

export class AccountStore {
  private byEmail = new Map<string, string>();
  private byToken = new Map<string, string>();
  private pruneTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly db: RecordStore<AccountData>,
    private readonly caps: { recordsMax: number; sessionsPerConsumer: number },
  ) {}

  private reindex(d: AccountData) {
    this.byEmail = new Map(Object.values(d.consumers).map((c) => [c.email.toLowerCase(), c.id]));
    this.byToken = new Map(Object.entries(d.sessions).map(([key, s]) => [s.token, key]));
  }

  static async open(dataDir: string, caps: { recordsMax?: number; sessionsPerConsumer?: number } = {}): Promise<AccountStore> {
    // eslint-disable-next-line prefer-const -- onReset may run inside open(), before the assignment: a const would throw there
    let store: AccountStore | undefined;
    const db = await RecordStore.open<AccountData>(path.join(dataDir, DB_DIR), SHAPE, {
      initial: emptyData,
      onReset: (d) => store?.reindex(d),
    });
    store = new AccountStore(db, {
      recordsMax: caps.recordsMax ?? RECORDS_MAX,
      sessionsPerConsumer: caps.sessionsPerConsumer ?? SESSIONS_PER_CONSUMER,
    });
    store.reindex(db.data);
    await store.importLegacy(dataDir);
    await store.prune();
    store.pruneTimer = setInterval(() => void store!.prune().catch(() => undefined), PRUNE_EVERY_MS);
    store.pruneTimer.unref();
    return store;
  }

  /** Imports the JSON document of an earlier version into an empty database, then renames it. */
  private async importLegacy(dataDir: string) {
    const file = path.join(dataDir, LEGACY_FILE);
    if (!fs.existsSync(file)) return;
    if (!this.db.empty) return;
    const legacy = reviveAccountData(JSON.parse(fs.readFileSync(file, 'utf8')));
    await this.db.mutate((d, w) => {
      for (const c of SHAPE.records) {
        for (const [key, record] of Object.entries(legacy[c])) {
          (d[c] as Record<string, unknown>)[key] = record;
          w.set(c, key);
        }
      }
      for (const c of SHAPE.lists) for (const record of legacy[c] as { id: string }[]) w.push(c, record);
    });
    this.reindex(this.db.data);
    fs.renameSync(file, `${file}.imported`);
  }

  /** Drops what is no longer needed (see the file's comment); resolves with how many records went. */
  async prune(now = Date.now()): Promise<number> {
    return this.db.mutate((d, w) => {
      let n = 0;
      for (const [key, s] of Object.entries(d.sessions)) {
        if (Date.parse(s.expiresAt) <= now) {
          delete d.sessions[key];
          this.byToken.delete(s.token);
          w.del('sessions', key);
          n++;
        }
      }
      for (const [key, dev] of Object.entries(d.devices)) {
        if (now - Date.parse(dev.updatedAt) > DEVICE_RETENTION_MS) {
          delete d.devices[key];
          w.del('devices', key);
          n++;
        }
      }
      for (const c of Object.values(d.consumers)) {
        if (now - Date.parse(c.lastSignInAt) > CONSUMER_IDLE_MS) {
          this.dropConsumer(d, w, c.id);
          n++;
        }
      }
      n += this.capRecords(d, w);
      const young = (ms: number) => (r: { id: string }) => now - Date.parse((r as unknown as { createdAt: string }).createdAt) < ms;
      n += w.drop('stillInterested', young(ALERT_ACTIVE_MS));
      n += w.drop('leads', young(LIST_RETENTION_MS));
      n += w.drop('reports', young(LIST_RETENTION_MS));
      for (const c of SHAPE.lists) {
        const list = d[c] as { id: string }[];
        if (list.length > LIST_MAX) {
          const keep = new Set(list.slice(list.length - LIST_MAX));
          n += w.drop(c, (r) => keep.has(r));
        }
      }
      return n;
    });
  }

  get dir(): string {
    return this.db.dir;
  }

  /** Bytes the database takes on disk. */
  fileBytes(): number {
    return this.db.fileBytes();
  }

  /** Resolves when every change so far is on disk. */
  flushed(): Promise<void> {
    return this.db.flushed();
  }

  close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    return this.db.close();
  }

  /** A read-only look at the whole document (tests, diagnostics). */
  get data(): Readonly<AccountData> {
    return this.db.data;
  }

  // ---- sign-in, sessions, identity --------------------------------------------------------------

  /** Creates or loads the consumer by email, opens a session; the session id goes into the cookie. */
  async signIn(
    input: { email: string; firstName?: string; lastName?: string },
    now = new Date(),
  ): Promise<{ consumer: Consumer; sessionId: string }> {
    const sessionId = crypto.randomBytes(32).toString('base64url');
    const token = randomId('it_', 24);
    const consumer = await this.db.mutate((d, w) => {
      const at = now.toISOString();
      const existingId = this.byEmail.get(input.email.toLowerCase());
      let c = existingId ? d.consumers[existingId] : undefined;
      if (!c) {
        let id = randomId('c', 9);
        while (d.consumers[id]) id = randomId('c', 9);
        c = { id, email: input.email, firstName: input.firstName ?? '', lastName: input.lastName ?? '', createdAt: at, lastSignInAt: at };
        d.consumers[id] = c;
        this.byEmail.set(input.email.toLowerCase(), id);
      } else {
        if (input.firstName) c.firstName = input.firstName;
        if (input.lastName) c.lastName = input.lastName;
        c.lastSignInAt = at;
      }
      w.set('consumers', c.id);
      const key = sha256(sessionId);
      // One consumer holds at most sessionsPerConsumer sessions: this one ends their oldest past it.
      const theirs = Object.entries(d.sessions)
        .filter(([, s]) => s.consumerId === c.id)
        .sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt));
      for (const [old] of theirs.slice(0, Math.max(0, theirs.length - this.caps.sessionsPerConsumer + 1))) this.dropSession(d, w, old);
      d.sessions[key] = { consumerId: c.id, token, createdAt: at, expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString() };
      w.set('sessions', key);
      this.byToken.set(token, key);
      this.capRecords(d, w);
      return c;
    });
    return { consumer, sessionId };
  }

  private dropSession(d: AccountData, w: Changes, key: string) {
    const s = d.sessions[key];
    if (!s) return;
    delete d.sessions[key];
    this.byToken.delete(s.token);
    w.del('sessions', key);
  }

  /** Removes a consumer with their sessions and saved searches. */
  private dropConsumer(d: AccountData, w: Changes, id: string) {
    const c = d.consumers[id];
    if (!c) return;
    for (const [key, s] of Object.entries(d.sessions)) if (s.consumerId === id) this.dropSession(d, w, key);
    for (const [bid, b] of Object.entries(d.bookmarks)) {
      if (b.consumerId !== id) continue;
      delete d.bookmarks[bid];
      w.del('bookmarks', bid);
    }
    delete d.consumers[id];
    if (this.byEmail.get(c.email.toLowerCase()) === id) this.byEmail.delete(c.email.toLowerCase());
    w.del('consumers', id);
  }

  /**
   * Keeps consumers, sessions and browser registrations within recordsMax: past it, the oldest go
   * down to 99 % of it. Resolves with how many records went.
   */
  private capRecords(d: AccountData, w: Changes): number {
    const max = this.caps.recordsMax;
    const down = Math.floor(max * 0.99);
    let n = 0;
    const oldest = <T>(records: Record<string, T>, at: (r: T) => string) =>
      Object.entries(records)
        .sort(([, a], [, b]) => at(a).localeCompare(at(b)))
        .map(([key]) => key);
    if (Object.keys(d.sessions).length > max)
      for (const key of oldest(d.sessions, (s) => s.createdAt).slice(0, Object.keys(d.sessions).length - down)) {
        this.dropSession(d, w, key);
        n++;
      }
    if (Object.keys(d.devices).length > max)
      for (const key of oldest(d.devices, (v) => v.updatedAt).slice(0, Object.keys(d.devices).length - down)) {
        delete d.devices[key];
        w.del('devices', key);
        n++;
      }
    if (Object.keys(d.consumers).length > max)
      for (const id of oldest(d.consumers, (c) => c.lastSignInAt).slice(0, Object.keys(d.consumers).length - down)) {
        this.dropConsumer(d, w, id);
        n++;
      }
    return n;
  }

  private liveSession(key: string | undefined, now: number): Session | undefined {
    const s = key ? this.db.data.sessions[key] : undefined;
    return s && Date.parse(s.expiresAt) > now ? s : undefined;
  }

  /** The identity token of a session (the cookie value), if the session is known and not expired. */
  tokenForSession(sessionId: string, now = Date.now()): string | undefined {
    return this.liveSession(sha256(sessionId), now)?.token;
  }

  consumerForToken(token: string, now = Date.now()): Consumer | undefined {
    const s = this.liveSession(this.byToken.get(token), now);
    return s ? this.db.data.consumers[s.consumerId] : undefined;
  }

  consumer(id: string): Consumer | undefined {
    return this.db.data.consumers[id];
  }

  // ---- bookmarks and saved searches -------------------------------------------------------------

  bookmarksOf(consumerId: string): Bookmark[] {
    return Object.values(this.db.data.bookmarks)
      .filter((b) => b.consumerId === consumerId)
      .sort((a, b) => a.bookmarkDate.localeCompare(b.bookmarkDate) || a.bookmarkId.localeCompare(b.bookmarkId));
  }

  bookmark(bookmarkId: string): Bookmark | undefined {
    return Object.prototype.hasOwnProperty.call(this.db.data.bookmarks, bookmarkId) ? this.db.data.bookmarks[bookmarkId] : undefined;
  }

  static bookmarkView(b: Bookmark): BookmarkView {
    return {
      bookmarkId: b.bookmarkId,
      bookmarkTitle: b.bookmarkTitle,
      textModalDisclaimer: TEXTS.textModalDisclaimer,
      saveSearchInstrText: TEXTS.saveSearchInstrText,
      searchResultsURL: b.searchResultsURL,
      ...(b.lastExecuted ? { lastExecuted: b.lastExecuted } : {}),
    };
  }

  static savedSearchView(b: Bookmark): SavedSearchView {
    return {
      bookmarkId: b.bookmarkId,
      saveSearchString: b.saveSearchString,
      title: b.bookmarkTitle,
      bookmarkDate: b.bookmarkDate,
      textModalDisclaimer: TEXTS.textModalDisclaimer,
      instructions: TEXTS.saveSearchInstrText,
    };
  }

  /**
   * Saves a search (and its bookmark). Saving the same search again answers the existing one
   * (created: false) and does not count twice. A free user's save beyond
   * LIMITS.freeSavedSearches is refused: 409 MESSAGES.maxSavedSearches. Every consumer of the
   * embedded upstream is a free user.
   */
  async saveSearch(
    consumerId: string,
    input: { saveSearchString: string; title: string },
    now = new Date(),
  ): Promise<{ savedSearch: SavedSearchView; count: number; created: boolean }> {
    const canonical = canonicalSearch(input.saveSearchString);
    const bookmarkId = randomId('bm-', 12);
    return this.db.mutate((d, w) => {
      const mine = this.bookmarksOf(consumerId);
      const same = mine.find((b) => b.saveSearchString === canonical);
      if (same) return { savedSearch: AccountStore.savedSearchView(same), count: mine.length, created: false };
      if (mine.length >= LIMITS.freeSavedSearches) throw new HttpError(409, MESSAGES.maxSavedSearches);
      const b: Bookmark = {
        bookmarkId,
        consumerId,
        bookmarkTitle: input.title,
        saveSearchString: canonical,
        searchResultsURL: searchResultsUrl(canonical),
        bookmarkDate: now.toISOString(),
        runs: 0,
      };
      d.bookmarks[bookmarkId] = b;
      w.set('bookmarks', bookmarkId);
      return { savedSearch: AccountStore.savedSearchView(b), count: mine.length + 1, created: true };
    });
  }

  /** Records a run of a saved search (POST /account-api/search). */
  async recordRun(
    consumerId: string,
    input: { bookmarkId: string; bookmarkTitle?: string; searchName?: string; lastExecuted: string },
  ): Promise<Bookmark> {
    return this.db.mutate((d, w) => {
      const b = this.bookmark(input.bookmarkId);
      if (!b || b.consumerId !== consumerId) throw new NotFound(MESSAGES.bookmarkNotFound);
      const copy = d.bookmarks[b.bookmarkId];
      copy.lastExecuted = input.lastExecuted;
      copy.runs += 1;
      if (input.searchName) copy.searchName = input.searchName;
      if (input.bookmarkTitle) copy.bookmarkTitle = input.bookmarkTitle;
      w.set('bookmarks', copy.bookmarkId);
      return copy;
    });
  }

  // ---- email subscriptions ----------------------------------------------------------------------

  /** 'exists' when this address already has an alert for this search on this brand. */
  async subscribe(
    input: { email: string; brand: Brand; search: string },
    actor: Actor,
    now = new Date(),
  ): Promise<{ outcome: 'created' | 'exists'; subscription: Subscription }> {
    const search = canonicalSearch(input.search);
    const email = input.email.toLowerCase();
    const id = randomId('es-', 12);
    return this.db.mutate((d, w) => {
      const same = d.subscriptions.find((s) => s.email === email && s.brand === input.brand && s.search === search);
      if (same) return { outcome: 'exists' as const, subscription: same };
      const s: Subscription = { id, email, brand: input.brand, search, createdAt: now.toISOString(), ...actorFields(actor) };
      w.push('subscriptions', s);
      return { outcome: 'created' as const, subscription: s };
    });
  }

  // ---- lead profile and leads -------------------------------------------------------------------

  leadProfile(consumerId: string): LeadProfile | undefined {
    return this.db.data.consumers[consumerId]?.leadProfile;
  }

  /** Merges the given fields over the stored profile (or an empty one) and stores it. */
  async putLeadProfile(consumerId: string, patch: Partial<LeadProfile>): Promise<LeadProfile> {
    return this.db.mutate((d, w) => {
      const c = d.consumers[consumerId];
      if (!c) throw new NotFound('no such consumer');
      const base: LeadProfile = c.leadProfile ?? { firstName: '', lastName: '', email: '', phone: '', isOneClickOptedIn: false };
      const next: LeadProfile = { ...base };
      if (patch.firstName !== undefined) next.firstName = patch.firstName;
      if (patch.lastName !== undefined) next.lastName = patch.lastName;
      if (patch.email !== undefined) next.email = patch.email;
      if (patch.phone !== undefined) next.phone = patch.phone;
      if (patch.isOneClickOptedIn !== undefined) next.isOneClickOptedIn = patch.isOneClickOptedIn;
      c.leadProfile = next;
      w.set('consumers', consumerId);
      return next;
    });
  }

  // ---- saved listings ---------------------------------------------------------------------------

  /** The consumer's saved listing ids, newest first. */
  savedListings(consumerId: string): string[] {
    return this.db.data.consumers[consumerId]?.savedListings ?? [];
  }

  /** Saves or unsaves one listing; at most SAVED_LISTINGS_MAX are kept (the newest). */
  async setSavedListing(consumerId: string, listingId: string, saved: boolean): Promise<string[]> {
    return this.db.mutate((d, w) => {
      const c = d.consumers[consumerId];
      if (!c) throw new NotFound('no such consumer');
      const rest = (c.savedListings ?? []).filter((id) => id !== listingId);
      c.savedListings = (saved ? [listingId, ...rest] : rest).slice(0, SAVED_LISTINGS_MAX);
      w.set('consumers', consumerId);
      return c.savedListings;
    });
  }

  /** The leads a consumer sent, newest first (at most `max`). */
  leadsOf(consumerId: string, max = 50): Lead[] {
    return this.db.data.leads
      .filter((l) => l.consumerId === consumerId)
      .slice(-max)
      .reverse();
  }

  async addLead(input: Omit<Lead, 'id' | 'createdAt' | 'consumerId' | 'anonymousId'>, actor: Actor, now = new Date()): Promise<Lead> {
    const lead: Lead = { id: randomId('ld-', 12), ...input, createdAt: now.toISOString(), ...actorFields(actor) };
    return this.db.mutate((_d, w) => w.push('leads', lead));
  }

  // ---- reports, still-interested, devices -------------------------------------------------------

  async addReport(input: { listingId: string; reason: string }, actor: Actor, now = new Date()): Promise<Report> {
    const report: Report = { id: randomId('rp-', 12), ...input, createdAt: now.toISOString(), ...actorFields(actor) };
    return this.db.mutate((_d, w) => w.push('reports', report));
  }

  async addStillInterested(
    input: { brand: Brand; vins: string[]; claimedConsumerId?: string; email?: string },
    actor: Actor,
    now = new Date(),
  ): Promise<StillInterestedAlert> {
    const alert: StillInterestedAlert = {
      id: randomId('si-', 12),
      brand: input.brand,
      vins: input.vins,
      createdAt: now.toISOString(),
      ...actorFields(actor),
      ...(input.claimedConsumerId ? { claimedConsumerId: input.claimedConsumerId } : {}),
      ...(input.email ? { email: input.email } : {}),
    };
    return this.db.mutate((_d, w) => w.push('stillInterested', alert));
  }

  /** The consumer's still-active alerts (newest first) and the vins they name (de-duplicated, newest first). */
  browsingHistory(
    consumerId: string,
    now = Date.now(),
  ): { vins: string[]; alerts: { id: string; brand: Brand; vins: string[]; createdAt: string }[] } {
    const alerts = this.db.data.stillInterested
      .filter((a) => a.consumerId === consumerId && now - Date.parse(a.createdAt) < ALERT_ACTIVE_MS)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((a) => ({ id: a.id, brand: a.brand, vins: a.vins, createdAt: a.createdAt }));
    const vins = [...new Set(alerts.flatMap((a) => a.vins))];
    return { vins, alerts };
  }

  /** Registers a browser for push messages; the same brand and token again updates it (created: false). */
  /** The browser device registered for a brand and token, if any. */
  device(brand: Brand, browserToken: string): Device | undefined {
    return this.db.data.devices[sha256(`${brand}\n${browserToken}`)];
  }

  async registerDevice(
    input: { brand: Brand; browserToken: string; pixallId?: string },
    actor: Actor,
    now = new Date(),
  ): Promise<{ device: Device; created: boolean }> {
    const key = sha256(`${input.brand}\n${input.browserToken}`);
    return this.db.mutate((d, w) => {
      const at = now.toISOString();
      const old = d.devices[key];
      const device: Device = {
        brand: input.brand,
        browserToken: input.browserToken,
        createdAt: old?.createdAt ?? at,
        updatedAt: at,
        ...(input.pixallId ? { pixallId: input.pixallId } : old?.pixallId ? { pixallId: old.pixallId } : {}),
        ...actorFields(actor),
      };
      d.devices[key] = device;
      w.set('devices', key);
      if (!old) this.capRecords(d, w);
      return { device, created: !old };
    });
  }
}

function actorFields(actor: Actor): Actor {
  return {
    ...(actor.consumerId ? { consumerId: actor.consumerId } : {}),
    ...(actor.anonymousId ? { anonymousId: actor.anonymousId } : {}),
  };
}
