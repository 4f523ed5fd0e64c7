import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIRST_LOAD_STATE_ID, MESSAGES, type FirstLoadState, type Owner } from '@cfs/contracts';
import { base, holdResultsCode, open, openDialog, region, waitForResults, signIn } from './helpers';

/**
 * A card's listing actions on the composed page: email a dealer (the lead reaches the upstream),
 * one-click for an opted-in signed-in shopper, 'Make Offer' on a private seller's card through the
 * payments script, report and share, dealer difference, saved listings, a dialog used with the
 * keyboard alone, and no axe violations while a dialog is open.
 */

function upstream(): string {
  const url = process.env.E2E_UPSTREAM_URL;
  if (!url) throw new Error('E2E_UPSTREAM_URL is not set: the global setup did not run');
  return url;
}

/** The leads the signed-in shopper of this page sent, as the upstream stored them. */
async function leadsAtUpstream(page: Page): Promise<{ listingId: string; kind: string; email: string; comment: string }[]> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cfs_session');
  expect(cookie).toBeTruthy();
  const token = await (await page.request.get(`${upstream()}/account-api/token?session=${encodeURIComponent(cookie!.value)}`)).json();
  const res = await page.request.get(`${upstream()}/account-api/leads`, { headers: { 'x-identity-token': token.token } });
  expect(res.ok()).toBe(true);
  return (await res.json()).leads;
}

/** The first-load state the page carries (its listings and owners). */
async function firstLoad(page: Page): Promise<FirstLoadState> {
  return JSON.parse((await page.locator(`#${FIRST_LOAD_STATE_ID}`).textContent())!);
}

/** The card of a listing of the base search, by its detail link. */
function cardOf(page: Page, listingId: string): Locator {
  return region(page, 'results')
    .getByRole('article')
    .filter({ has: page.locator(`h3 a[href^="/cars-for-sale/vehicle/${listingId}?"]`) })
    .first();
}

/** A listing of the first page whose owner matches, with its card. */
async function cardWhere(page: Page, match: (owner: Owner) => boolean) {
  const state = await firstLoad(page);
  const owners = new Map(state.result!.owners.map((o) => [o.id, o]));
  const found = state.result!.listings.slice(0, 12).find((l) => {
    const o = owners.get(l.ownerId);
    return !!o && match(o);
  });
  expect(found, 'a listing on the first page with such a seller').toBeTruthy();
  const card = cardOf(page, found!.id);
  // The grid keeps a window of rows in the page: scroll down, as a shopper does, until the card is there.
  for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await card.scrollIntoViewIfNeeded();
  return { listing: found!, owner: owners.get(found!.ownerId)!, card };
}

const dealerEmail = (o: { privateSeller: boolean; hideEmailForm?: boolean }) => !o.privateSeller && !o.hideEmailForm;

test('email a dealer: the form checks its fields, sends, says so, and the lead reaches the upstream', async ({ page }) => {
  const email = await signIn(page, 'lead');
  await open(page);
  await waitForResults(page);
  const { listing, card } = await cardWhere(page, dealerEmail);
  const button = card.getByRole('button', { name: 'Email Seller' });
  const dialog = await openDialog(page, button, 'Email the seller');

  await dialog.getByRole('button', { name: 'Send' }).click();
  const first = dialog.getByRole('textbox', { name: 'First name' });
  await expect(first).toHaveAccessibleDescription('Enter your first name.');
  await expect(first).toBeFocused();

  await first.fill('Sam');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone (optional)' }).fill('(404) 555-0101');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Is this truck still available for a test drive on Saturday?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Your message was sent. The seller will contact you soon.')).toBeVisible();
  await expect(card.getByText('You emailed the seller about this car.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  const leads = await leadsAtUpstream(page);
  expect(leads[0]).toMatchObject({
    kind: 'email',
    listingId: listing.id,
    email,
    comment: 'Is this truck still available for a test drive on Saturday?',
  });
});

test('one-click: an opted-in signed-in shopper sends at once, with no dialog, and the card says so', async ({ page }) => {
  const email = await signIn(page, 'oneclick');
  const put = await page.request.put(`${base()}/account-api/lead-profile`, {
    data: { firstName: 'Pat', lastName: 'Lee', email, isOneClickOptedIn: true },
  });
  expect(put.ok()).toBe(true);
  await open(page);
  await waitForResults(page);
  const { listing, card } = await cardWhere(page, dealerEmail);
  const note = card.getByText('You emailed the seller about this car.');
  await card.getByRole('button', { name: 'Email Seller' }).click();
  await expect(note).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const leads = await leadsAtUpstream(page);
  expect(leads.find((l) => l.listingId === listing.id)).toMatchObject({ kind: 'one-click', email, comment: MESSAGES.oneClickComment });
});

test("'Make Offer' on a private seller's card loads the payments script only then, and sends the offer", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __offerEvents: string[] }).__offerEvents = seen;
    for (const name of ['makeOfferModalIsLoaded', 'psx.listingActions.openMakeOffer']) window.addEventListener(name, () => seen.push(name));
  });
  await open(page, '/cars-for-sale?sellerType=PRIVATE');
  await waitForResults(page);
  const { listing, card } = await cardWhere(page, (o) => o.privateSeller);
  await expect(card.getByRole('button', { name: 'Email Seller' })).toHaveCount(0);
  const script = page.locator('script[src="/cars-for-sale/psx/make-offer.js"]');
  await expect(script).toHaveCount(0);

  const dialog = await openDialog(page, card.getByRole('button', { name: 'Make Offer' }), 'Make an offer');
  await expect(script).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __offerEvents: string[] }).__offerEvents)).toEqual([
    'makeOfferModalIsLoaded',
    'psx.listingActions.openMakeOffer',
  ]);
  await dialog.getByRole('textbox', { name: 'Your offer (US dollars)' }).fill('18,500');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('offer@example.com');
  const sent = page.waitForResponse((r) => r.url().endsWith('/account-api/leads') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  const body = (await sent).request().postDataJSON();
  expect(body).toMatchObject({ listingId: listing.id, comment: 'Offer: $18,500.' });
  await expect(dialog.getByText('Your offer was sent to the seller.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a payments script that fails to load is logged only, and 'Make Offer' says it is unavailable", async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/cars-for-sale/psx/make-offer.js', (route) => route.fulfill({ status: 503, body: 'down' }));
  await open(page, '/cars-for-sale?sellerType=PRIVATE');
  await waitForResults(page);
  const { card } = await cardWhere(page, (o) => o.privateSeller);
  const unavailable = card.getByRole('button', { name: 'Make Offer is unavailable' });
  await card.getByRole('button', { name: 'Make Offer' }).click();
  await expect(unavailable).toBeVisible({ timeout: 20_000 });
  await expect(unavailable).toHaveAttribute('aria-disabled', 'true');
  expect(errors.some((e) => e.includes('payments script failed to load'))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('report a listing and share its link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
  await open(page);
  await waitForResults(page);
  const { listing, card } = await cardWhere(page, () => true);

  const report = await openDialog(page, card.getByRole('button', { name: 'Report listing' }), 'Report this listing');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('group', { name: 'Why are you reporting this listing?' })).toHaveAccessibleDescription('Choose a reason.');
  await report.getByRole('radio', { name: 'Incorrect price' }).check();
  const reported = page.waitForResponse((r) => r.url().endsWith('/account-api/report-listing'));
  await report.getByRole('button', { name: 'Send report' }).click();
  expect((await reported).status()).toBe(201);
  await expect(report.getByText('Thank you. Your report was sent.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  const share = await openDialog(page, card.getByRole('button', { name: 'Share listing' }), 'Share this listing');
  const link = `${base()}/cars-for-sale/vehicle/${listing.id}?clickType=listing`;
  await expect(share.getByRole('textbox', { name: 'Link to this listing' })).toHaveValue(link);
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test('dealer difference: the sanitised content with its CTA and logo; content whose image fails is not shown', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const ddNumber = (o: { dealerDiff?: { contentId: string } }) => Number(/^dd-(\d+)$/.exec(o.dealerDiff?.contentId ?? '')?.[1] ?? NaN);

  // Content ids that are a multiple of 4 carry a banner image that does not exist (and unsafe markup).
  const good = await cardWhere(page, (o) => !o.privateSeller && ddNumber(o) % 4 !== 0);
  const dialog = await openDialog(
    page,
    good.card.getByRole('button', { name: `Why buy from ${good.owner.name}` }),
    `Why buy from ${good.owner.name}`,
  );
  const cta = dialog.locator('a.res-dealer-cta');
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(cta).toHaveAttribute('href', /^https:\/\//);
  await expect(dialog.getByRole('img', { name: `${good.owner.name} logo` }).first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Why buy from ${good.owner.name}`, level: 2 }).last()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const state = await firstLoad(page);
  const bad = state.result!.owners.find(
    (o) => !o.privateSeller && ddNumber(o) % 4 === 0 && state.result!.listings.slice(0, 12).some((l) => l.ownerId === o.id),
  );
  test.skip(!bad, 'no dealer with broken dealer-difference content on the first page');
  const badCard = cardOf(page, state.result!.listings.find((l) => l.ownerId === bad!.id)!.id);
  await badCard.scrollIntoViewIfNeeded();
  const failed = await openDialog(page, badCard.getByRole('button', { name: `Why buy from ${bad!.name}` }), `Why buy from ${bad!.name}`);
  await expect(failed.getByRole('alert')).toHaveText("This dealer's information could not be loaded.");
  expect(await page.evaluate(() => (window as unknown as { __dealerDiffInjected?: boolean }).__dealerDiffInjected)).toBeUndefined();
});

test('the seller’s phone is a call link and the dealer’s website an external link', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const { listing, owner, card } = await cardWhere(page, (o) => !o.privateSeller && !!o.phone?.value && !!o.website?.href);
  // The listing's own number when it has one, else the dealer's.
  const phone = listing.phone || owner.phone!.value;
  await expect(card.getByRole('link', { name: `Call ${phone}` })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
  const site = card.getByRole('link', { name: 'Dealer website' });
  await expect(site).toHaveAttribute('href', owner.website!.href);
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
});

test('saved listings: anonymous shoppers are asked to sign in; a signed-in shopper’s save comes back on the next visit', async ({
  page,
}) => {
  await open(page);
  await waitForResults(page);
  const { listing, card } = await cardWhere(page, () => true);
  const signInDialog = await openDialog(page, card.getByRole('button', { name: 'Save' }), 'Sign in to save this car');
  await expect(signInDialog.getByRole('link', { name: 'Sign in or create an account' })).toHaveAttribute(
    'href',
    /\/account\/signin\?defaultScreen=signup&returnUrl=%2Fcars-for-sale/,
  );
  await page.keyboard.press('Escape');

  await signIn(page, 'saver');
  await open(page);
  await waitForResults(page);
  const toggle = cardOf(page, listing.id).getByRole('button', { name: 'Save' });
  await toggle.scrollIntoViewIfNeeded();
  const saved = page.waitForResponse((r) => r.url().endsWith('/account-api/saved-listings') && r.request().method() === 'POST');
  // One press, whenever it comes: before the grid's code has mounted it is held and given again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await page.locator('html[data-cfs-ready]').waitFor({ state: 'attached' });
  const again = cardOf(page, listing.id).getByRole('button', { name: 'Save' });
  await again.scrollIntoViewIfNeeded();
  await expect(again).toHaveAttribute('aria-pressed', 'true');
});

test("a signed-in shopper's Save pressed before the results' code has come is saved once it has, once", async ({ page }) => {
  // Signed in, the results region's code is wanted with the page; its React part is held back,
  // so the press lands on the server-rendered card.
  const code = await holdResultsCode(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/account-api/saved-listings') && r.method() === 'POST') posts.push(r.postData() ?? '');
  });
  await signIn(page, 'early-saver');
  await open(page);
  await waitForResults(page);
  const toggle = region(page, 'results').getByRole('article').first().getByRole('button', { name: 'Save', exact: true });
  await toggle.click();
  await expect.poll(code.asked).toBe(true);
  await page.waitForTimeout(200);
  expect(posts).toEqual([]);

  const saved = page.waitForResponse((r) => r.url().endsWith('/account-api/saved-listings') && r.request().method() === 'POST');
  code.release();
  expect((await saved).ok()).toBe(true);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  expect(posts.map((p) => JSON.parse(p).saved)).toEqual([true]);
});

test('a dialog used with the keyboard alone, with no axe violations while it is open', async ({ page }) => {
  await open(page);
  await waitForResults(page);
  const { card } = await cardWhere(page, dealerEmail);
  const button = card.getByRole('button', { name: 'Email Seller' });
  const dialog = page.getByRole('dialog', { name: 'Email the seller' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible({ timeout: 20_000 });

  const { violations } = await new AxeBuilder({ page }).include('[data-boundary="mf-results"]').analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await page.keyboard.type('Sam');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Last name' })).toBeFocused();
  // Focus stays inside the modal dialog: tabbing past its last control does not reach the page.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body);
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("the 360° viewer turns a listing's spin with the keyboard and closes back to its button", async ({ page }) => {
  await open(page, '/cars-for-sale?makeCode=FORD');
  await waitForResults(page);
  const button = region(page, 'results')
    .getByRole('button', { name: /^360° view of / })
    .first();
  const dialog = await openDialog(page, button, '360° view');
  const frame = dialog.getByRole('img');
  await expect.poll(() => frame.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  const first = await frame.getAttribute('src');
  await expect(dialog.getByText(/^View 1 of \d+$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next view' })).toBeFocused();
  await dialog.getByRole('slider', { name: 'Turn the car' }).press('ArrowRight');
  await expect(dialog.getByText(/^View 2 of \d+$/)).toBeVisible();
  expect(await frame.getAttribute('src')).not.toBe(first);
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
