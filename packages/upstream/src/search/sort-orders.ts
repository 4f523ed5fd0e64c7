/**
 * Every sort order of the catalogue, made once: per sort key the rows ascending (ties by row) and
 * descending (ties still by row), and each row's position in both, so a small match set is sorted
 * by position with a native numeric sort.
 */
import type { Catalogue } from '../catalogue/generate';

function orderBy(c: Catalogue, key: (i: number) => number): Int32Array {
  const idx = new Int32Array(c.size);
  for (let i = 0; i < c.size; i++) idx[i] = i;
  const keys = new Float64Array(c.size);
  for (let i = 0; i < c.size; i++) keys[i] = key(i);
  return idx.sort((a, b) => keys[a] - keys[b] || a - b);
}

export interface SortOrders {
  orders: Record<string, Int32Array>;
  ranks: Record<string, Int32Array>;
  descOrders: Record<string, Int32Array>;
  descRanks: Record<string, Int32Array>;
}

export function sortOrders(c: Catalogue): SortOrders {
  const n = c.size;
  const keyOf: Record<string, (i: number) => number> = {
    relevance: (i) => -c.relevance[i],
    derivedprice: (i) => c.price[i],
    datelisted: (i) => -c.daysListed[i],
    mileage: (i) => c.mileage[i],
    year: (i) => c.year[i],
  };
  // Per sort key: the rows ascending (ties by row) and descending (ties still by row), and each
  // row's position in both: a small match set is sorted by position with a native numeric sort.
  const orders: Record<string, Int32Array> = {};
  const ranks: Record<string, Int32Array> = {};
  const descOrders: Record<string, Int32Array> = {};
  const descRanks: Record<string, Int32Array> = {};
  const rankOf = (order: Int32Array) => {
    const rank = new Int32Array(n);
    for (let k = 0; k < n; k++) rank[order[k]] = k;
    return rank;
  };
  for (const [name, key] of Object.entries(keyOf)) {
    const order = orderBy(c, key);
    const desc = new Int32Array(n);
    let w = 0;
    for (let end = n; end > 0;) {
      let start = end - 1;
      const k = key(order[start]);
      while (start > 0 && key(order[start - 1]) === k) start--;
      for (let j = start; j < end; j++) desc[w++] = order[j];
      end = start;
    }
    orders[name] = order;
    ranks[name] = rankOf(order);
    descOrders[name] = desc;
    descRanks[name] = rankOf(desc);
  }
  return { orders, ranks, descOrders, descRanks };
}
