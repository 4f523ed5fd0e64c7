/**
 * Contract test: a change to the bus contract must stay compatible with every consumer built
 * against the baseline. Events and slices may be added, and optional fields added; nothing in the
 * baseline may be removed or retyped, and no new required field may appear on an existing event.
 * After a compatible extension, refresh the baseline with UPDATE_CONTRACT_BASELINE=1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_CONTRACT, STATE_CONTRACT } from '../src';

const baselineFile = path.join(__dirname, '..', 'contract-baseline.json');
type Shape = Record<string, Record<string, string>>;
const current = { events: EVENT_CONTRACT as Shape, state: STATE_CONTRACT as Shape };

export function incompatibilities(baseline: { events: Shape; state: Shape }, next: typeof current): string[] {
  const problems: string[] = [];
  for (const kind of ['events', 'state'] as const) {
    for (const [name, fields] of Object.entries(baseline[kind])) {
      const now = next[kind][name];
      if (!now) {
        problems.push(`${kind} '${name}' was removed`);
        continue;
      }
      for (const [field, type] of Object.entries(fields)) {
        if (!(field in now)) problems.push(`${kind} '${name}' lost field '${field}'`);
        else if (now[field] !== type) problems.push(`${kind} '${name}'.${field} changed ${type} -> ${now[field]}`);
      }
      if (kind === 'events') {
        for (const [field, type] of Object.entries(now)) {
          if (!(field in fields) && !type.endsWith('?')) problems.push(`event '${name}' gained required field '${field}'`);
        }
      }
    }
  }
  return problems;
}

describe('bus contract', () => {
  if (process.env.UPDATE_CONTRACT_BASELINE === '1') {
    fs.writeFileSync(baselineFile, JSON.stringify(current, null, 2) + '\n');
  }
  const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));

  it('stays compatible with the committed baseline', () => {
    expect(incompatibilities(baseline, current)).toEqual([]);
  });

  it('names every event with its owning team prefix', () => {
    const prefixes = ['filters', 'results', 'compare', 'alerts', 'showcase', 'reference', 'shell'];
    for (const name of Object.keys(EVENT_CONTRACT)) {
      expect(prefixes).toContain(name.split(':')[0]);
    }
  });

  it('detects a removed event, a retyped field and a new required field', () => {
    const broken = JSON.parse(JSON.stringify(current));
    delete broken.events['compare:remove'];
    broken.events['results:load-more'].firstRecord = 'string';
    broken.events['filters:changed'].mustHave = 'string';
    broken.state.compare = { items: 'array' };
    expect(incompatibilities(baseline, broken).sort()).toEqual([
      "event 'filters:changed' gained required field 'mustHave'",
      "events 'compare:remove' was removed",
      "events 'results:load-more'.firstRecord changed number -> string",
      "state 'compare' lost field 'open'",
    ]);
  });
});
