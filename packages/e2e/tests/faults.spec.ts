import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES, REMOTE_NAMES, type RemoteName } from '@cfs/contracts';
import { NOTICE, REGION, base, open, region, upstream, waitForResults } from './helpers';

/**
 * Fault injection on the composed page: each service behind the gateway down (connections
 * refused), erroring (503), slow (1.5 s) and hung (never answers), and each remote missing. For
 * each: the HTTP status a person and a bot get, and what the person sees. Only the required
 * listing search failing shows the error screen (500 to people, 200 to bots); everything else
 * leaves a working page of results. Faults go through the embedded upstream's fault switch; after
 * each case the faults are cleared and the gateway's circuits are given time to close.
 */

const SERVICES = ['listing', 'account', 'content', 'reference', 'eligibility', 'geo'] as const;
const MODES = {
  down: { refuse: true },
  erroring: { status: 503 },
  slow: { latencyMs: 1500 },
  hung: { hang: true },
} as const;
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const PAGE = '/cars-for-sale?listingType=USED&makeCode=FORD';
/** A remote's region, as helpers.ts names it: the remote's name without 'mf-'. */
const regionOf = (remote: RemoteName) => remote.replace(/^mf-/, '') as keyof typeof REGION;

async function fault(request: APIRequestContext, service: string, body: object) {
  const res = await request.put(`${upstream()}/__faults/service/${service}`, { data: body });
  expect(res.status()).toBe(200);
}

/** Clears the faults and waits until no circuit on the page's path is open (open GET circuits probe every 2 s). */
async function recover(request: APIRequestContext) {
  await request.delete(`${upstream()}/__faults`);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${base()}/healthz`)).json()) as { open: string[] }).open.filter(
          (n) => !/^(consumerDevice|recordSearch)$/.test(n),
        ),
      {
        timeout: 40_000,
        intervals: [250, 500, 1000],
      },
    )
    .toEqual([]);
}

/** The page as a person opens it (status of the document) and as a bot fetches it, at the same time. */
async function load(page: Page, request: APIRequestContext) {
  const [personStatus, botStatus] = await Promise.all([
    page.goto(base() + PAGE).then((res) => res?.status()),
    request.get(base() + PAGE, { headers: { 'user-agent': BOT }, maxRedirects: 0, timeout: 60_000 }).then((res) => res.status()),
  ]);
  return { personStatus, botStatus };
}

test.describe.configure({ mode: 'serial' });

for (const service of SERVICES) {
  for (const [mode, body] of Object.entries(MODES)) {
    const broken = service === 'listing' && mode !== 'slow';
    test(`${service} service ${mode}: ${broken ? 'the error screen, 500 to people and 200 to bots' : 'a working page of results, 200 to people and bots'}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await fault(request, service, body);
      try {
        const { personStatus, botStatus } = await load(page, request);
        expect(botStatus).toBe(200);
        if (broken) {
          expect(personStatus).toBe(500);
          await expect(page.getByText(MESSAGES.searchError)).toBeVisible();
          await expect(page.getByRole('button', { name: MESSAGES.tryAgain })).toBeVisible();
        } else {
          expect(personStatus).toBe(200);
          await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached', timeout: 30_000 });
          await waitForResults(page);
          await expect(page.getByText(MESSAGES.searchError)).toHaveCount(0);
          await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toBeVisible();
        }
      } finally {
        await recover(request);
      }
    });
  }
}

for (const remote of REMOTE_NAMES) {
  test(`${remote} missing: a notice in its own region, the rest of the page works, 200`, async ({ page }) => {
    const override = `${remote}@${base()}/cars-for-sale/remotes/${remote}/0.0.0-missing/mf-manifest.json`;
    const res = await page.goto(`${base()}${PAGE}&remotes=${encodeURIComponent(override)}`);
    expect(res?.status()).toBe(200);
    await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect(region(page, regionOf(remote)).getByRole('status')).toHaveText(NOTICE);
    if (remote !== 'mf-results') await waitForResults(page);
    else await expect(region(page, 'filters').getByRole('combobox', { name: 'Make' })).toBeVisible();
  });
}

test('the page opens normally after every fault is cleared', async ({ page }) => {
  await open(page, PAGE);
  await waitForResults(page);
});
