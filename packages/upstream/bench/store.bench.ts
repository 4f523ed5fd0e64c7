/**
 * Account store benchmark (`npm run bench -w @cfs/upstream`, after the search benchmark): fills a
 * store with BENCH_STORE_RECORDS (20 000) subscriptions and leads, then times 500 sequential
 * writes and 500 concurrent ones: the time to acknowledgement (on disk) and the time the write
 * keeps the event loop busy (what a search waiting behind it would lose). Prints figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountStore } from '../src/store/account-store';

/** Percentile (nearest rank) of unsorted values. */
function pct(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main() {
  const records = Number(process.env.BENCH_STORE_RECORDS || 20_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-store-bench-'));
  const store = await AccountStore.open(dir);
  try {
    const fill: Promise<unknown>[] = [];
    for (let i = 0; i < records; i++) {
      fill.push(
        store.subscribe({ email: `fill${i}@example.com`, brand: 'atc', search: `makeCode=FORD&zip=${String(10000 + (i % 80000))}` }, {}),
      );
      if (fill.length >= 1000) await Promise.all(fill.splice(0));
    }
    await Promise.all(fill);
    const bytes = store.fileBytes();
    const ack: number[] = [];
    const busy: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      const p = store.addLead(
        {
          kind: 'email',
          listingId: `L${i}`,
          firstName: 'A',
          lastName: 'B',
          email: 'a@example.com',
          phone: '',
          comment: 'Is it available?',
        },
        {},
      );
      busy.push(performance.now() - t0);
      await p;
      ack.push(performance.now() - t0);
    }
    const t1 = performance.now();
    await Promise.all(Array.from({ length: 500 }, (_, i) => store.registerDevice({ brand: 'atc', browserToken: `tok-${i}` }, {})));
    const concurrent = performance.now() - t1;
    const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(3)} ms, p99 ${pct(xs, 99).toFixed(3)} ms`;
    console.log(`account store: ${records} subscriptions (${(bytes / 1e6).toFixed(1)} MB on disk)`);
    console.log(`  one write, event loop busy: ${f(busy)}`);
    console.log(`  one write, until on disk:   ${f(ack)}`);
    console.log(`  500 concurrent writes: ${concurrent.toFixed(0)} ms in all`);
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    console.log(
      JSON.stringify({
        account_store: {
          records,
          file_mb: Math.round(bytes / 1e5) / 10,
          write_busy_p50_ms: r3(pct(busy, 50)),
          write_busy_p99_ms: r3(pct(busy, 99)),
          write_ack_p50_ms: r3(pct(ack, 50)),
          write_ack_p99_ms: r3(pct(ack, 99)),
          concurrent_500_ms: Math.round(concurrent),
        },
      }),
    );
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
