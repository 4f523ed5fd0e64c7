/**
 * The page's bytes from the frame's answer (contracts' IsolateReply): a frame that writes parts
 * leaves slots for what the gateway already holds as bytes (the first-load state's JSON, each
 * region's HTML and data, the inline stylesheets), and the gateway writes them in here, so those
 * bulk texts are never decoded and encoded again on their way through the frame.
 */
import type { IsolateRegion, PageSlot, Utf8 } from '@cfs/contracts';

/** What the slots are filled from. */
export interface PageSources {
  state: Utf8;
  regions: Record<string, IsolateRegion>;
  /** The inline stylesheets as handed to the frame (assets.inlineStyles), in order. */
  styles: readonly Utf8[];
}

const view = (b: Utf8) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

function bytesOf(slot: PageSlot, from: PageSources): Utf8 | undefined {
  switch (slot.slot) {
    case 'state':
      return from.state;
    case 'region-html':
      return from.regions[slot.remote]?.html;
    case 'region-data':
      return from.regions[slot.remote]?.data;
    case 'style':
      return from.styles[slot.index];
    default:
      return undefined;
  }
}

/** The page, or why it cannot be written (a slot the gateway has nothing for, or out of place). */
export function pageBytes(page: Utf8, slots: readonly { at: number; slot: PageSlot }[] | undefined, from: PageSources): Buffer | Error {
  if (!slots?.length) return view(page);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const { at: where, slot } of slots) {
    const bytes = bytesOf(slot, from);
    if (!bytes) return new Error(`the frame named a slot the gateway cannot fill: ${JSON.stringify(slot)}`);
    if (!Number.isInteger(where) || where < at || where > page.byteLength) return new Error(`a slot out of place at byte ${where}`);
    pieces.push(view(page.subarray(at, where)), view(bytes));
    at = where;
  }
  pieces.push(view(page.subarray(at)));
  return Buffer.concat(pieces);
}
