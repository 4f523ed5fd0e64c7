import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { RecordStore, readRecords } from '../src/store/records';
import { AccountStore, canonicalSearch, LEGACY_FILE, LIST_RETENTION_MS, readStoredAccount } from '../src/store/account-store';
import { getStore, releaseStore } from '../src/store';
import { HttpError } from '../src/util/errors';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-store-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Doc {
  things: Record<string, { id: string; n: number }>;
  events: { id: string; createdAt: string }[];
}
const SHAPE = { records: ['things'] as const, lists: ['events'] as const };
const initial = (): Doc => ({ things: {}, events: [] });
const openDoc = (d = path.join(dir, 'db')) => RecordStore.open<Doc>(d, SHAPE, { initial });
const onDisk = (d = path.join(dir, 'db')) => readRecords<Doc>(d, SHAPE, initial);

describe('RecordStore', () => {
  it('creates the folder, and a change is on disk when it is acknowledged', async () => {
    const db = await openDoc();
    await db.mutate((d, w) => {
      d.things.a = { id: 'a', n: 1 };
      w.set('things', 'a');
      w.push('events', { id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' });
    });
    expect(onDisk()).toEqual({ things: { a: { id: 'a', n: 1 } }, events: [{ id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' }] });
    await db.close();
    const again = await openDoc();
    expect(again.data.things.a.n).toBe(1);
    await again.close();
  });

  it('applies concurrent changes in order: none is lost', async () => {
    const db = await openDoc();
    await db.mutate((d, w) => {
      d.things.c = { id: 'c', n: 0 };
      w.set('things', 'c');
    });
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.mutate((d, w) => {
          d.things.c.n += 1;
          w.set('things', 'c');
          w.push('events', { id: `e${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() });
        }),
      ),
    );
    await db.close();
    const stored = onDisk();
    expect(stored.things.c.n).toBe(50);
    expect(stored.events.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => `e${i}`));
  });

  it('writes nothing for a change whose function throws, and removes what a change deletes', async () => {
    const db = await openDoc();
    await expect(
      db.mutate(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.mutate((d, w) => {
      d.things.x = { id: 'x', n: 1 };
      w.set('things', 'x');
    });
    await db.mutate((d, w) => {
      delete d.things.x;
      w.del('things', 'x');
      w.push('events', { id: 'old', createdAt: '2020-01-01T00:00:00.000Z' });
      w.push('events', { id: 'new', createdAt: '2026-01-01T00:00:00.000Z' });
    });
    expect(await db.mutate((_d, w) => w.drop('events', (e) => e.id !== 'old'))).toBe(1);
    await db.close();
    expect(onDisk()).toEqual({ things: {}, events: [{ id: 'new', createdAt: '2026-01-01T00:00:00.000Z' }] });
  });

  it('refuses changes after close', async () => {
    const db = await openDoc();
    await db.close();
    await expect(db.mutate(() => 1)).rejects.toThrow(/closed/);
  });
});

describe('AccountStore', () => {
  it('signs in by email (any case), issues a token per session, and keeps it across a reopen', async () => {
    const s = await AccountStore.open(dir);
    const a = await s.signIn({ email: 'Ana@Example.com', firstName: 'Ana' });
    const b = await s.signIn({ email: 'ana@example.com', lastName: 'Lopez' });
    expect(b.consumer.id).toBe(a.consumer.id);
    expect(b.consumer).toMatchObject({ firstName: 'Ana', lastName: 'Lopez' });
    const tokenA = s.tokenForSession(a.sessionId)!;
    const tokenB = s.tokenForSession(b.sessionId)!;
    expect(tokenA).toBeTruthy();
    expect(tokenA).not.toBe(tokenB);
    expect(s.consumerForToken(tokenA)?.id).toBe(a.consumer.id);
    // Session ids are stored hashed only.
    expect(JSON.stringify(readStoredAccount(dir))).not.toContain(a.sessionId);
    await s.close();
    const again = await AccountStore.open(dir);
    expect(again.tokenForSession(a.sessionId)).toBe(tokenA);
    expect(again.consumerForToken(tokenB)?.email).toBe('Ana@Example.com');
    // Expired sessions are not honoured.
    expect(again.tokenForSession(a.sessionId, Date.now() + 31 * 24 * 3600 * 1000)).toBeUndefined();
  });

  it('limits a free user to LIMITS.freeSavedSearches saved searches; the same search again is not a new one', async () => {
    const s = await AccountStore.open(dir);
    const { consumer } = await s.signIn({ email: 'lim@example.com' });
    const one = await s.saveSearch(consumer.id, { saveSearchString: 'makeCode=FORD&zip=30301', title: 'Fords' });
    expect(one).toMatchObject({ created: true, count: 1 });
    const dup = await s.saveSearch(consumer.id, { saveSearchString: '?zip=30301&makeCode=FORD', title: 'Fords again' });
    expect(dup).toMatchObject({ created: false, count: 1 });
    expect(dup.savedSearch.bookmarkId).toBe(one.savedSearch.bookmarkId);
    await s.saveSearch(consumer.id, { saveSearchString: 'makeCode=HONDA', title: 'Hondas' });
    expect(LIMITS.freeSavedSearches).toBe(2);
    const err = await s.saveSearch(consumer.id, { saveSearchString: 'makeCode=TOYOTA', title: 'Toyotas' }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409, message: MESSAGES.maxSavedSearches });
    expect(s.bookmarksOf(consumer.id)).toHaveLength(2);
  });

  it('keeps its growth bounded: expired sessions, inactive alerts and old leads and reports are pruned', async () => {
    const s = await AccountStore.open(dir);
    const { consumer, sessionId } = await s.signIn({ email: 'old@example.com' });
    const long = new Date(Date.now() - LIST_RETENTION_MS - 1000);
    await s.addLead(
      { kind: 'email', listingId: 'L1', firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '', comment: 'old' },
      {},
      long,
    );
    await s.addLead(
      { kind: 'email', listingId: 'L2', firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '', comment: 'new' },
      {},
    );
    await s.addReport({ listingId: 'L1', reason: 'old' }, {}, long);
    await s.addStillInterested({ brand: 'atc', vins: ['1FTFW1E50PFA00001'] }, { consumerId: consumer.id }, long);
    expect(await s.prune()).toBe(3);
    // A month on, the session has expired too.
    expect(await s.prune(Date.now() + 31 * 24 * 3600 * 1000)).toBe(1);
    await s.close();
    const stored = readStoredAccount(dir);
    expect(stored.leads.map((l) => l.comment)).toEqual(['new']);
    expect(stored.reports).toEqual([]);
    expect(stored.stillInterested).toEqual([]);
    expect(Object.keys(stored.sessions)).toHaveLength(0);
    expect(Object.keys(stored.consumers)).toEqual([consumer.id]);
    const again = await AccountStore.open(dir);
    expect(again.tokenForSession(sessionId)).toBeUndefined();
    await again.close();
  });

  it('imports the account document of an earlier version once, then keeps it under another name', async () => {
    const legacy = {
      version: 1,
      consumers: {
        c1: {
          id: 'c1',
          email: 'kept@example.com',
          firstName: 'K',
          lastName: 'P',
          createdAt: '2026-01-01T00:00:00.000Z',
          lastSignInAt: '2026-01-01T00:00:00.000Z',
        },
      },
      sessions: {},
      bookmarks: {},
      subscriptions: [
        { id: 'es-1', email: 'kept@example.com', brand: 'atc', search: 'makeCode=FORD', createdAt: new Date().toISOString() },
      ],
      leads: [],
      reports: [],
      stillInterested: [],
      devices: {},
    };
    fs.writeFileSync(path.join(dir, LEGACY_FILE), JSON.stringify(legacy));
    const s = await AccountStore.open(dir);
    expect(s.consumer('c1')?.email).toBe('kept@example.com');
    expect(s.data.subscriptions).toHaveLength(1);
    await s.close();
    expect(fs.existsSync(path.join(dir, LEGACY_FILE))).toBe(false);
    expect(fs.existsSync(path.join(dir, `${LEGACY_FILE}.imported`))).toBe(true);
    const again = await AccountStore.open(dir);
    expect(again.consumer('c1')?.email).toBe('kept@example.com');
    await again.close();
  });

  it('keeps every acknowledged write through a kill -9 of the process writing', async () => {
    for (let round = 0; round < 2; round++) {
      // node itself with tsx loaded (the tsx command would run the writer in a child of its own,
      // which a kill of the command would not reach).
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'writer.ts'), dir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (out.split('\n').length > 200) {
            clearInterval(check);
            child.kill('SIGKILL');
            resolve();
          }
        }, 20);
      });
      await new Promise((r) => child.once('exit', r));
      const acknowledged = out.split('\n').filter(Boolean);
      const stored = new Set(readStoredAccount(dir).leads.map((l) => l.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    }
  });

  it('canonicalises searches so order and spelling do not matter', () => {
    expect(canonicalSearch('zip=30301&makeCode=FORD')).toBe(canonicalSearch('?makeCode=FORD&zip=30301'));
  });

  it('getStore shares one instance per folder; after the last release a new one reads the disk', async () => {
    const a = await getStore(dir);
    const b = await getStore(path.join(dir, '.'));
    expect(a).toBe(b);
    const { consumer } = await a.signIn({ email: 'shared@example.com' });
    await releaseStore(dir);
    expect(await getStore(dir)).toBe(a);
    await releaseStore(dir);
    await releaseStore(dir);
    const c = await getStore(dir);
    expect(c).not.toBe(a);
    expect(c.consumer(consumer.id)?.email).toBe('shared@example.com');
    await releaseStore(dir);
  });
});

describe('account records cannot be filled by a client', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

  it('one consumer holds at most its sessions: a sign-in past them ends the oldest', async () => {
    const s = await AccountStore.open(dir, { sessionsPerConsumer: 3 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await s.signIn({ email: 'pat@example.com' }, at(i))).sessionId);
      const live = ids.map((id) => s.tokenForSession(id, at(10).getTime()) !== undefined);
      expect(live).toEqual([false, false, true, true, true]);
      expect(Object.keys(s.data.sessions)).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('keeps consumers, sessions and browser registrations within the cap, the oldest going with their saved searches', async () => {
    const s = await AccountStore.open(dir, { recordsMax: 10 });
    try {
      const first = await s.signIn({ email: 'first@example.com' }, at(0));
      await s.saveSearch(first.consumer.id, { saveSearchString: 'makeCode=FORD', title: 'Ford' }, at(0));
      for (let i = 1; i <= 14; i++) await s.signIn({ email: `c${i}@example.com` }, at(i));
      expect(Object.keys(s.data.consumers).length).toBeLessThanOrEqual(10);
      expect(Object.keys(s.data.sessions).length).toBeLessThanOrEqual(10);
      // The longest since sign-in went, with their session and saved search; the newest stayed.
      expect(s.data.consumers[first.consumer.id]).toBeUndefined();
      expect(s.tokenForSession(first.sessionId, at(20).getTime())).toBeUndefined();
      expect(s.bookmarksOf(first.consumer.id)).toEqual([]);
      expect(Object.values(s.data.consumers).some((c) => c.email === 'c14@example.com')).toBe(true);
      // Signing in again with the dropped address makes a new consumer.
      const back = await s.signIn({ email: 'first@example.com' }, at(30));
      expect(back.consumer.id).not.toBe(first.consumer.id);

      for (let i = 0; i < 15; i++) await s.registerDevice({ brand: 'atc', browserToken: `token-${i}` }, {}, at(40 + i));
      expect(Object.keys(s.data.devices).length).toBeLessThanOrEqual(10);
      expect(s.device('atc', 'token-14')).toBeDefined();
      expect(s.device('atc', 'token-0')).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('removes a consumer not signed in for two years', async () => {
    const s = await AccountStore.open(dir);
    try {
      const { consumer } = await s.signIn({ email: 'gone@example.com' }, at(0));
      expect(await s.prune(at(0).getTime() + 2 * 365 * 24 * 3600 * 1000 + 60_000)).toBeGreaterThan(0);
      expect(s.data.consumers[consumer.id]).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});
