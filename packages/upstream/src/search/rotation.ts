/**
 * A spotlight tier's page: its matching rows in relevance order (best first, ties by row), `n`
 * of them from `(page - 1) * n` on, wrapping round to the best again, and how many there are.
 *
 * It walks the engine's precomputed relevance order over the marked rows instead of sorting every
 * match of the tier: a broad search (a whole listing type) matches tens of thousands of rows, and
 * the sort was most of a spotlight answer's time, three times per page.
 */
export function rotatedPage(
  relevanceOrder: Int32Array,
  matches: Int32Array,
  inTier: (row: number) => boolean,
  n: number,
  page: number,
): { rows: number[]; total: number } {
  const mark = new Uint8Array(relevanceOrder.length);
  let total = 0;
  for (let k = 0; k < matches.length; k++) {
    const row = matches[k];
    if (inTier(row)) {
      mark[row] = 1;
      total++;
    }
  }
  if (!total) return { rows: [], total };
  const count = Math.min(n, total);
  const start = ((page - 1) * n) % total;
  // The positions wanted, in tier order: start.., wrapping to 0.. when they run past the end.
  const wanted = Array.from({ length: count }, (_, k) => (start + k) % total);
  const last = Math.max(...wanted);
  // The tier's rows, best first, as far as the last position wanted.
  const ranked: number[] = [];
  for (let k = 0; k < relevanceOrder.length && ranked.length <= last; k++) {
    if (mark[relevanceOrder[k]]) ranked.push(relevanceOrder[k]);
  }
  return { rows: wanted.map((pos) => ranked[pos]), total };
}
