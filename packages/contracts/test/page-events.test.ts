/**
 * The page events' two homes agree: the list of types the browser loads (analytics.ts) is the
 * list of schemas the servers check batches with (bodies.ts), and the batch schema takes each
 * event with its required fields and refuses a field its type does not carry.
 */
import Ajv from 'ajv';
import { PAGE_EVENT_TYPES, type PageEvent } from '../src/analytics';
import { PAGE_EVENT_BATCH_SCHEMA, PAGE_EVENT_SCHEMAS } from '../src/bodies';

const validate = new Ajv({ strict: false }).compile(PAGE_EVENT_BATCH_SCHEMA);
const batch = (...events: unknown[]) => validate({ events });

describe('page events', () => {
  it('has one schema per event type the page sends, and no other', () => {
    expect([...PAGE_EVENT_TYPES].sort()).toEqual(Object.keys(PAGE_EVENT_SCHEMAS).sort());
  });

  it('takes an event with its fields, and refuses one missing a required field or carrying another', () => {
    const ok: PageEvent = { type: 'showcase:sponsor-click', ownerId: 'o1', target: 'vehicle', listingId: 'l1' };
    expect(batch(ok)).toBe(true);
    expect(batch({ type: 'showcase:sponsor-click', ownerId: 'o1' })).toBe(false);
    expect(batch({ type: 'results:load-more', firstRecord: 24, by: 'button', ownerId: 'o1' })).toBe(false);
    expect(batch({ type: 'results:load-more', firstRecord: '24', by: 'button' })).toBe(false);
    expect(batch({ type: 'region:health', remote: 'mf-results', kind: 'mount' })).toBe(true);
    expect(batch({ type: 'region:health', remote: 'mf-nowhere', kind: 'mount' })).toBe(false);
  });
});
