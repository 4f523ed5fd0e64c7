import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { RegistryStore } from '../src/registry/store';
import { registryRoutes, applyOverrides } from '../src/registry/routes';
import { declareBuild } from './helpers';

function fakeBuild(dir: string, label: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, label }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
  fs.writeFileSync(path.join(dir, `chunk.${label}.js`), `/* chunk ${label} */`);
  declareBuild(dir);
}

describe('registry store and routes', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-registry-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('publishes builds under immutable content versions and switches atomically; rollback keeps old files', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    fakeBuild(path.join(tmp, 'v1'), 'one');
    fakeBuild(path.join(tmp, 'v2'), 'two');
    const v1 = await store.publish('mf-results', path.join(tmp, 'v1'));
    expect(await store.publish('mf-results', path.join(tmp, 'v1'))).toBe(v1);
    const v2 = await store.publish('mf-results', path.join(tmp, 'v2'));
    expect(v2).not.toBe(v1);
    await store.switch('mf-results', v1);
    expect(store.toRegistry().remotes['mf-results'].manifest).toBe(`/cars-for-sale/remotes/mf-results/${v1}/mf-manifest.json`);
    await store.switch('mf-results', v2);
    expect(store.read().remotes['mf-results'].version).toBe(v2);
    await store.switch('mf-results', v1);
    expect(store.read().remotes['mf-results'].version).toBe(v1);
    expect(store.versions('mf-results').sort()).toEqual([v1, v2].sort());
    expect(fs.readdirSync(path.join(tmp, 'data')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('refuses unknown remotes, unpublished versions and path tricks', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    await expect(store.switch('mf-nothing', '1.0.0')).rejects.toThrow('unknown remote');
    await expect(store.switch('mf-results', '../../etc')).rejects.toThrow('not published');
    await expect(store.publish('mf-results', path.join(tmp, 'missing'))).rejects.toThrow('no mf-manifest.json');
  });

  it('applies overrides only to known remotes with http(s) URLs', () => {
    const base = { remotes: {} };
    const store = new RegistryStore(path.join(tmp, 'data'));
    expect(applyOverrides(base, 'mf-results@http://127.0.0.1:3101/mf-manifest.json', store).registry.remotes['mf-results'].manifest).toBe(
      'http://127.0.0.1:3101/mf-manifest.json',
    );
    expect(applyOverrides(base, 'mf-results@javascript:alert(1)', store).error).toContain('http(s)');
    expect(applyOverrides(base, 'nope@http://x/', store).error).toContain('unknown remote');
    expect(applyOverrides(base, 'mf-results@not a url', store).error).toContain('not a URL');
  });

  it('composes published versions by id, the shell too; an unpublished one is refused by name', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    fakeBuild(path.join(tmp, 'v1'), 'one');
    fakeBuild(path.join(tmp, 'v2'), 'two');
    const v1 = await store.publish('mf-results', path.join(tmp, 'v1'));
    const v2 = await store.publish('mf-results', path.join(tmp, 'v2'));
    await store.switch('mf-results', v1);
    const live = store.toRegistry();
    const staged = applyOverrides(live, `mf-results@${v2}`, store);
    expect(staged.error).toBeUndefined();
    expect(staged.registry.remotes['mf-results']).toEqual(store.entryOf('mf-results', v2));
    expect(staged.registry.remotes['mf-results'].manifest).toBe(`/cars-for-sale/remotes/mf-results/${v2}/mf-manifest.json`);
    expect(staged.registry.remotes['mf-results'].integrity).toMatch(/^sha384-/);
    expect(applyOverrides(live, 'mf-results@1.0.0-0000000000', store).error).toBe('mf-results@1.0.0-0000000000 is not published');
    expect(applyOverrides(live, 'shell@1.0.0-0000000000', store).error).toBe('shell@1.0.0-0000000000 is not published');
    expect(applyOverrides(live, 'shell@http://127.0.0.1:1/x', store).error).toContain('published version');
    // The live registry itself is untouched.
    expect(store.toRegistry().remotes['mf-results'].version).toBe(v1);
  });

  it('serves code compressed at publish (brotli or gzip, as the browser accepts), the same bytes decoded, and small files as they are', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    const dir = path.join(tmp, 'big');
    fakeBuild(dir, 'big');
    const code = `/* the chunk */\n${Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n')}`;
    fs.writeFileSync(path.join(dir, 'chunk.big.js'), code);
    declareBuild(dir);
    const v = await store.publish('mf-filters', dir);
    await store.switch('mf-filters', v);
    const app = Fastify();
    await app.register(registryRoutes, { store, mode: 'production' });
    try {
      const url = `/cars-for-sale/remotes/mf-filters/${v}/chunk.big.js`;
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code);
      // Brotli's strongest setting, not the fast one used on the fly.
      expect(br.rawPayload.length).toBe(
        zlib.brotliCompressSync(Buffer.from(code), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      );
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.payload).toBe(code);
      const small = await app.inject({
        url: `/cars-for-sale/remotes/mf-filters/${v}/remoteEntry.js`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.payload).toBe('/* big */');
    } finally {
      await app.close();
    }
  });

  it('serves the entries no-cache in every encoding, their compressed copies too', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    const dir = path.join(tmp, 'entries');
    fakeBuild(dir, 'entries');
    // Over the size compressed at publish, so a .br and a .gz copy are written beside each.
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: Array.from({ length: 150 }, (_, i) => `./part${i}`),
    };
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry */\n${'var entry = globalThis.entry || {};\n'.repeat(60)}`);
    declareBuild(dir);
    const v = await store.publish('mf-alerts', dir);
    const app = Fastify();
    await app.register(registryRoutes, { store, mode: 'production' });
    try {
      for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
        expect(fs.existsSync(path.join(store.remoteDir('mf-alerts', v), `${file}.br`))).toBe(true);
        for (const encoding of ['br', 'gzip', 'identity']) {
          const res = await app.inject({ url: `/cars-for-sale/remotes/mf-alerts/${v}/${file}`, headers: { 'accept-encoding': encoding } });
          expect(res.statusCode).toBe(200);
          expect([file, encoding, res.headers['cache-control']]).toEqual([file, encoding, 'no-cache']);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('serves the registry, refuses overrides in production, and caches entries no-cache and chunks immutable', async () => {
    const store = new RegistryStore(path.join(tmp, 'data'));
    fakeBuild(path.join(tmp, 'v1'), 'one');
    const v1 = await store.publish('mf-filters', path.join(tmp, 'v1'));
    await store.switch('mf-filters', v1);
    for (const mode of ['production', 'staging'] as const) {
      const app = Fastify();
      await app.register(registryRoutes, { store, mode });
      const reg = await app.inject('/cars-for-sale/registry.json');
      expect(reg.statusCode).toBe(200);
      expect(reg.json().remotes['mf-filters'].version).toBe(v1);
      const ov = await app.inject(
        `/cars-for-sale/registry.json?remotes=${encodeURIComponent('mf-filters@http://127.0.0.1:3102/mf-manifest.json')}`,
      );
      expect(ov.statusCode).toBe(mode === 'production' ? 403 : 200);
      const entry = await app.inject(`/cars-for-sale/remotes/mf-filters/${v1}/remoteEntry.js`);
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const chunk = await app.inject(`/cars-for-sale/remotes/mf-filters/${v1}/chunk.one.js`);
      expect(chunk.headers['cache-control']).toContain('immutable');
      const missing = await app.inject('/cars-for-sale/remotes/mf-filters/0.0.0-missing/mf-manifest.json');
      expect(missing.statusCode).toBe(404);
      await app.close();
    }
  });
});
