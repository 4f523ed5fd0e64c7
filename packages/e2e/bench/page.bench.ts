/**
 * Page weight: loads the composed page in Chromium and prints the number of scripts, the bytes
 * of all JavaScript on first load (raw and gzip), and the number of React renderers.
 * Budget to aim at: 180 KB gzip in total. Prints figures; asserts nothing.
 */
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, RENDERER_COUNTER } from '../support/chromium';
import { startStack } from '../support/stack';

async function main() {
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.addInitScript(RENDERER_COUNTER);
    const scripts: { url: string; raw: number; gzip: number; wire: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!/javascript/.test(type)) return;
      pending.push(
        (async () => {
          const body = await res.body().catch(() => Buffer.alloc(0));
          const sizes = await res
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: body.length }));
          scripts.push({
            url: new URL(res.url()).pathname,
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
          });
        })(),
      );
    });
    const t0 = Date.now();
    await page.goto(`${stack.gatewayUrl}/cars-for-sale`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to Compare' }).first().waitFor();
    const loadMs = Date.now() - t0;
    await Promise.all(pending);
    const renderers = await page.evaluate(() => (window as unknown as { __REACT_RENDERERS__: string[] }).__REACT_RENDERERS__.length);
    scripts.sort((a, b) => b.gzip - a.gzip);
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log('script'.padEnd(72), 'raw KB'.padStart(8), 'gzip KB'.padStart(8), 'wire KB'.padStart(8));
    for (const s of scripts)
      console.log(s.url.slice(-72).padEnd(72), kb(s.raw).padStart(8), kb(s.gzip).padStart(8), kb(s.wire).padStart(8));
    const raw = scripts.reduce((a, s) => a + s.raw, 0);
    const gzip = scripts.reduce((a, s) => a + s.gzip, 0);
    const wire = scripts.reduce((a, s) => a + s.wire, 0);
    console.log(
      `\nscripts: ${scripts.length}  raw: ${kb(raw)} KB  gzip: ${kb(gzip)} KB (budget 180 KB)  on the wire: ${kb(wire)} KB  React renderers: ${renderers}  load: ${loadMs} ms`,
    );
    console.log(
      JSON.stringify({
        scripts: scripts.length,
        js_raw_kb: +kb(raw),
        js_gzip_kb: +kb(gzip),
        js_wire_kb: +kb(wire),
        budget_gzip_kb: 180,
        react_renderers: renderers,
      }),
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
