import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { DurableJson, writeFileAtomic } from '../src/store/durable';
import { AccountStore, canonicalSearch, DATA_FILE } from '../src/store/account-store';
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
  version: 1;
  items: number[];
}
const docOpts = {
  initial: (): Doc => ({ version: 1, items: [] }),
  revive: (raw: unknown): Doc => {
    const d = raw as Doc;
    if (d?.version !== 1 || !Array.isArray(d.items)) throw new Error('not a doc');
    return d;
  },
};
const onDisk = (file: string): Doc => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('DurableJson', () => {
  it('creates the folder and the file, and a change is on disk when it is acknowledged', async () => {
    const file = path.join(dir, 'nested', 'deeper', 'doc.json');
    const db = await DurableJson.open(file, docOpts);
    expect(onDisk(file)).toEqual({ version: 1, items: [] });
    const r = await db.mutate((d) => {
      d.items.push(1);
      return 'ok';
    });
    expect(r).toBe('ok');
    expect(onDisk(file).items).toEqual([1]);
    // No temporary files are left behind.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['doc.json']);
  });

  it('serializes concurrent changes: none is lost, fewer writes than changes (group commit)', async () => {
    const file = path.join(dir, 'doc.json');
    const db = await DurableJson.open(file, docOpts);
    const renames = jest.spyOn(fs.promises, 'rename');
    await Promise.all(Array.from({ length: 50 }, (_, i) => db.mutate((d) => d.items.push(i))));
    expect(renames.mock.calls.length).toBeGreaterThan(0);
    expect(renames.mock.calls.length).toBeLessThan(50);
    renames.mockRestore();
    const again = await DurableJson.open(file, docOpts);
    expect([...again.data.items].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('a change whose function throws is not written', async () => {
    const file = path.join(dir, 'doc.json');
    const db = await DurableJson.open(file, docOpts);
    await expect(
      db.mutate(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.flushed();
    expect(onDisk(file).items).toEqual([]);
  });

  it('a failed write rejects the change and rolls memory back to what is on disk', async () => {
    const file = path.join(dir, 'sub', 'doc.json');
    const db = await DurableJson.open(file, docOpts);
    await db.mutate((d) => d.items.push(1));
    fs.rmSync(path.join(dir, 'sub'), { recursive: true, force: true });
    await expect(db.mutate((d) => d.items.push(2))).rejects.toThrow();
    expect(db.data.items).toEqual([1]);
    fs.mkdirSync(path.join(dir, 'sub'));
    await db.mutate((d) => d.items.push(3));
    expect(onDisk(file).items).toEqual([1, 3]);
  });

  it('refuses to start over a file that is not valid JSON, and leaves it alone', async () => {
    const file = path.join(dir, 'doc.json');
    fs.writeFileSync(file, '{"version":1,"items":[1,');
    await expect(DurableJson.open(file, docOpts)).rejects.toThrow(/not valid JSON/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"version":1,"items":[1,');
  });

  it('removes temporary files of interrupted writes on open', async () => {
    const file = path.join(dir, 'doc.json');
    await writeFileAtomic(file, JSON.stringify({ version: 1, items: [7] }));
    fs.writeFileSync(path.join(dir, '.doc.json.999.1.tmp'), 'half a write');
    const db = await DurableJson.open(file, docOpts);
    expect(db.data.items).toEqual([7]);
    expect(fs.readdirSync(dir)).toEqual(['doc.json']);
  });

  it('refuses changes after close', async () => {
    const db = await DurableJson.open(path.join(dir, 'doc.json'), docOpts);
    await db.close();
    await expect(db.mutate((d) => d.items.push(1))).rejects.toThrow(/closed/);
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
    expect(fs.readFileSync(path.join(dir, DATA_FILE), 'utf8')).not.toContain(a.sessionId);
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
