/**
 * Contract test: a change to the bus contract must stay compatible with every consumer built
 * against the baseline. Events and slices may be added, and optional fields added; nothing in the
 * baseline may be removed or retyped, and no new required field may appear (at any depth).
 * The schemas are held equal to the TypeScript types by the compiler (`bus-contract.ts`); the
 * last block proves that by running `tsc` on a copy of this package with a type or a schema changed.
 * After a compatible extension, refresh the baseline with UPDATE_CONTRACT_BASELINE=1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUS_CONTRACT, EVENT_CONTRACT, incompatibilities, type BusContract, type Descriptor, type Fields } from '../src/bus-contract';

const packageDir = path.join(__dirname, '..');
const repoRoot = path.join(packageDir, '..', '..');
const baselineFile = path.join(packageDir, 'contract-baseline.json');
const clone = (c: BusContract): BusContract => JSON.parse(JSON.stringify(c));
/** The fields found from a descriptor along a JSON path ('object', 'array', 'record' and field names) that the test knows exists. */
function fieldsAt(d: Descriptor, ...path: string[]): Fields {
  let node: unknown = d;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return node as Fields;
}

describe('bus contract', () => {
  if (process.env.UPDATE_CONTRACT_BASELINE === '1') {
    const problems = incompatibilities(JSON.parse(fs.readFileSync(baselineFile, 'utf8')), BUS_CONTRACT);
    if (problems.length) throw new Error(`not a compatible extension, baseline kept: ${problems.join('; ')}`);
    fs.writeFileSync(baselineFile, JSON.stringify(BUS_CONTRACT, null, 2) + '\n');
  }
  const baseline: BusContract = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));

  it('stays compatible with the committed baseline', () => {
    expect(incompatibilities(baseline, BUS_CONTRACT)).toEqual([]);
  });

  it('names every event with its owning team prefix', () => {
    const prefixes = ['filters', 'results', 'compare', 'alerts', 'showcase', 'reference', 'shell'];
    for (const name of Object.keys(EVENT_CONTRACT)) {
      expect(prefixes).toContain(name.split(':')[0]);
    }
  });

  it('detects a removed event, a retyped field, a removed slice field and a new required field', () => {
    const broken = clone(BUS_CONTRACT);
    delete broken.events['compare:remove'];
    broken.events['results:load-more'].firstRecord = 'string';
    broken.events['filters:changed'].mustHave = 'string';
    delete broken.state.compare.open;
    expect(incompatibilities(BUS_CONTRACT, broken).sort()).toEqual([
      "event 'compare:remove' was removed",
      "event 'filters:changed' gained required field 'mustHave'",
      "event 'results:load-more'.firstRecord changed number -> string",
      "slice 'compare' lost field 'open'",
    ]);
  });

  it('detects changes inside nested objects: the listing of compare:add, the search result, arrays and records', () => {
    const broken = clone(BUS_CONTRACT);
    const listing = fieldsAt(broken.events['compare:add'].listing, 'object');
    listing.year = 'string';
    delete listing.vin;
    fieldsAt(listing.make, 'object').code = 'number';
    listing.mustHave = 'string';
    const result = broken.state.search.result;
    fieldsAt(result, 'object', 'listings', 'array', 'object', 'pricingDetail', 'object').msrp = 'number';
    fieldsAt(result, 'object', 'filters', 'record', 'object', 'options', 'array', 'object').count = 'string';
    broken.state.session.signInPath = 'string';
    expect(incompatibilities(BUS_CONTRACT, broken).sort()).toEqual([
      "event 'compare:add'.listing gained required field 'mustHave'",
      "event 'compare:add'.listing lost field 'vin'",
      "event 'compare:add'.listing.make.code changed string -> number",
      "event 'compare:add'.listing.year changed number -> string",
      "slice 'search'.result.filters{}.options[].count changed number -> string",
      "slice 'search'.result.listings[].pricingDetail.msrp changed number? -> number",
      "slice 'session'.signInPath changed string? -> string",
    ]);
  });

  it('accepts compatible extensions: a new event, a new slice, a new optional field at any depth', () => {
    const next = clone(BUS_CONTRACT);
    next.events['results:new-thing'] = { id: 'string' };
    next.state.extra = { on: 'boolean' };
    fieldsAt(next.events['compare:add'].listing, 'object').badge = 'string?';
    fieldsAt(next.state.search.result, 'object', 'listings', 'array', 'object', 'color', 'object').trim = {
      object: { x: 'number' },
      optional: true,
    };
    expect(incompatibilities(BUS_CONTRACT, next)).toEqual([]);
  });
});

/**
 * The compiler holds the schemas equal to the types: a copy of this package in a temporary
 * folder, with one type changed and the schemas left alone (or the other way round), must fail
 * `tsc --noEmit`.
 */
describe('bus contract descriptors against the TypeScript types', () => {
  let tmp: string;
  let copy: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-contracts-'));
    copy = path.join(tmp, 'packages', 'contracts');
    fs.cpSync(path.join(packageDir, 'src'), path.join(copy, 'src'), { recursive: true });
    // Only the sources: the test folder (this file) is not what is being checked.
    fs.writeFileSync(path.join(copy, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.browser.json', include: ['src'] }));
    for (const base of ['tsconfig.base.json', 'tsconfig.browser.json']) fs.copyFileSync(path.join(repoRoot, base), path.join(tmp, base));
    fs.cpSync(path.join(repoRoot, 'packages', 'mf-build', 'types'), path.join(tmp, 'packages', 'mf-build', 'types'), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Runs the tsc binary on the copy with `file` edited; the compiler's output, '' when it passes. */
  function typecheckWith(file: string, edit: (source: string) => string): string {
    const target = path.join(copy, 'src', file);
    const original = fs.readFileSync(target, 'utf8');
    const edited = edit(original);
    expect(edited).not.toBe(original);
    fs.writeFileSync(target, edited);
    try {
      execFileSync(
        process.execPath,
        [path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc'), '--noEmit', '-p', copy],
        { encoding: 'utf8', stdio: 'pipe' },
      );
      return '';
    } catch (err) {
      return String((err as { stdout?: string }).stdout ?? err);
    } finally {
      fs.writeFileSync(target, original);
    }
  }

  it('type-checks the unchanged copy', () => {
    expect(typecheckWith('bus.ts', (s) => `${s}\n`)).toBe('');
  });

  it.each([
    [
      'a retyped event field',
      'bus.ts',
      (s: string) => s.replace("'results:load-more': { firstRecord: number }", "'results:load-more': { firstRecord: string }"),
    ],
    ['a removed event', 'bus.ts', (s: string) => s.replace("'compare:remove': { listingId: string };", '')],
    [
      'a new required event field',
      'bus.ts',
      (s: string) => s.replace('{ requestId: number; ok: boolean }', '{ requestId: number; ok: boolean; reason: string }'),
    ],
    ['a removed slice field', 'bus.ts', (s: string) => s.replace('  open: boolean;\n}', '}')],
    [
      'a retyped listing field (carried by compare:add)',
      'listing.ts',
      (s: string) => s.replace('  year: number;\n  make', '  year: string;\n  make'),
    ],
    ['a removed listing field', 'listing.ts', (s: string) => s.replace('  vin: string;\n', '')],
    [
      'a field of the search result made optional',
      'listing.ts',
      (s: string) => s.replace('totalResultCount: number;', 'totalResultCount?: number;'),
    ],
    [
      'a retyped page event field (a member of the shell:page-event union)',
      'bodies.ts',
      (s: string) => s.replace('firstRecord: Type.Integer(', 'firstRecord: Type.String(').replace('{ minimum: 0, maximum: 100000 }', '{}'),
    ],
    ['a retyped query value', 'query.ts', (s: string) => s.replace('[K in NumberKey]?: number }', '[K in NumberKey]?: string }')],
    [
      'a new optional listing field the schema does not have',
      'listing.ts',
      (s: string) => s.replace('  vin: string;\n', '  vin: string;\n  badge?: string;\n'),
    ],
    [
      'a schema field the types do not have',
      'bus-contract.ts',
      (s: string) => s.replace('  modal: Type.Object({', '  modal: Type.Object({ extra: Type.Optional(Type.String()),'),
    ],
  ])('fails tsc on %s', (_what, file, edit) => {
    expect(typecheckWith(file, edit)).toContain('src/bus-contract.ts');
  });
});
