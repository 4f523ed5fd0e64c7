/**
 * The content service: expert reviews, editorial articles, dealer difference content (JSON and
 * HTML), certified program content and program details, and listing view counts. Everything is
 * generated deterministically from the names in the catalogue, so the same request always gets
 * the same answer (view counts: the same per vin and UTC day).
 *
 * Dealer difference HTML is dealer-authored content: some entries deliberately carry unsafe
 * markup (a <script>, an <img onerror=...>, a javascript: link) so the gateway's sanitiser has
 * something to remove. They are the content ids whose number is a multiple of 4 (dd-0, dd-4,
 * dd-8, ...; see `dealerDiffHasUnsafeMarkup`). Never show this HTML without sanitising it.
 * Content ids are `dd-<digits>` (what `ownerById(id).dealerDiff.contentId` gives); a dealer's
 * owner id is accepted as an alias of its content id; anything else is 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LISTING_TYPES, type CertifiedProgram, type CertifiedProgramDetail, type Listing, type Owner } from '@cfs/contracts';
import { handler, ID_PATTERN, VIN_PATTERN } from '../store/http';
import { NotFound } from '../util/errors';
import { hash32, strHash } from '../util/random';
import { viewCounts } from '../catalogue/views';

export interface CatalogueView {
  makes: { code: string; name: string; models: { code: string; name: string; trims: { code: string; name: string }[] }[] }[];
  ownerById(id: string): Owner | undefined;
  listingByVin(vin: string): Listing | undefined;
}

type MakeView = CatalogueView['makes'][number];
type ModelView = MakeView['models'][number];
type TrimView = ModelView['trims'][number];

/** Where generated editorial links point (a reserved example domain: no real site). */
export const EDITORIAL_ORIGIN = 'https://editorial.cfs-content.example';
const SLUG_PATTERN = '^[A-Za-z0-9_-]{1,60}$';

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const same = (code: string, name: string, param: string) => code.toLowerCase() === param.toLowerCase() || slug(name) === slug(param);

function findMake(c: CatalogueView, p: string): MakeView | undefined {
  return c.makes.find((m) => same(m.code, m.name, p));
}
function findModel(make: MakeView, p: string): ModelView | undefined {
  return make.models.find((m) => same(m.code, m.name, p));
}
function findTrim(model: ModelView, p: string): TrimView | undefined {
  return model.trims.find((t) => same(t.code, t.name, p));
}

/** The model picture the page shows beside editorial content (served by the image routes). */
export const modelImage = (make: MakeView, model: ModelView) => `/images/model/${slug(make.code)}-${slug(model.code)}.svg`;

// ---- expert reviews ---------------------------------------------------------------------------

/** Titles by vehicle (year, make, model and the trim when one is named). */
const REVIEW_TITLES: ((v: string) => string)[] = [
  (v) => `${v} Review: Pricing, Specs and Driving Impressions`,
  (v) => `${v} First Drive: What Changed and Why It Matters`,
  (v) => `${v} vs. Its Rivals: Which Should You Buy?`,
  (v) => `Living With the ${v}: Long-Term Test Update`,
  (v) => `${v} Road Test: Comfort, Tech and Fuel Economy`,
];
const AUTHORS = ['Dana Whitfield', 'Marcus Lee', 'Priya Natarajan', 'Tom Okafor', 'Elena Ruiz'];

export interface ExpertReview {
  id: number;
  date: string;
  link: string;
  title: { rendered: string };
  excerpt: { rendered: string };
  _embedded?: { author: { name: string }[]; 'wp:featuredmedia': { source_url: string; alt_text: string }[] };
}

/** 1 to 4 reviews of a model year (one more when a trim is named), the same for the same names. */
export function expertReviews(make: MakeView, model: ModelView, year: number, trim: TrimView | undefined, embed: boolean): ExpertReview[] {
  const vehicle = `${year} ${make.name} ${model.name}`;
  const trimText = trim ? ` ${trim.name}` : '';
  const seed = hash32(strHash(make.code), strHash(model.code), year, strHash(trim?.code ?? 'all'));
  const count = 1 + (seed % 3) + (trim ? 1 : 0);
  const out: ExpertReview[] = [];
  for (let k = 0; k < count; k++) {
    const t = (seed + k) % REVIEW_TITLES.length;
    const id = (hash32(seed, k) % 900000) + 100000;
    const title = REVIEW_TITLES[t](`${vehicle}${trimText}`);
    const month = 1 + (hash32(seed, k, 1) % 12);
    const review: ExpertReview = {
      id,
      date: `${year - (month > 8 ? 1 : 0)}-${String(month).padStart(2, '0')}-${String(1 + (hash32(seed, k, 2) % 28)).padStart(2, '0')}T09:00:00`,
      link: `${EDITORIAL_ORIGIN}/car-reviews/${slug(`${vehicle}${trimText}`)}-${id}/`,
      title: { rendered: title },
      excerpt: {
        rendered: `<p>Our experts drove the ${vehicle}${trimText} and report on how it rides, what it costs and who should buy one.</p>`,
      },
    };
    if (embed) {
      review._embedded = {
        author: [{ name: AUTHORS[hash32(seed, k, 3) % AUTHORS.length] }],
        'wp:featuredmedia': [{ source_url: modelImage(make, model), alt_text: `${vehicle}` }],
      };
    }
    out.push(review);
  }
  return out;
}

// ---- editorial articles -----------------------------------------------------------------------

export interface Article {
  id: number;
  link: string;
  title: string;
  category: string;
  image: string;
  make: string;
  model: string;
  makeCode: string;
  modelCode: string;
}

const ARTICLE_KINDS: { category: string; title: (make: string, model: string) => string }[] = [
  { category: 'Car Reviews', title: (mk, md) => `${mk} ${md} Review: Is It Still the One to Beat?` },
  { category: 'Buying Guides', title: (mk, md) => `Buying a Used ${mk} ${md}: Best Years and What to Check` },
  { category: 'Car News', title: (mk, md) => `${mk} Updates the ${md}: What You Need to Know` },
  { category: 'Comparisons', title: (mk, md) => `${mk} ${md} vs. the Competition: Head to Head` },
  { category: 'Ownership', title: (mk, md) => `What It Costs to Own a ${mk} ${md}` },
  { category: 'Safety', title: (mk, md) => `How Safe Is the ${mk} ${md}? Crash Tests and Driver Aids` },
];

function article(make: MakeView, model: ModelView, kind: number): Article {
  const k = ARTICLE_KINDS[kind % ARTICLE_KINDS.length];
  const id = (hash32(strHash(make.code), strHash(model.code), kind) % 900000) + 100000;
  const title = k.title(make.name, model.name);
  return {
    id,
    link: `${EDITORIAL_ORIGIN}/${slug(k.category)}/${slug(title)}-${id}/`,
    title,
    category: k.category,
    image: modelImage(make, model),
    make: make.name,
    model: model.name,
    makeCode: make.code,
    modelCode: model.code,
  };
}

/** Six articles about a model, six across a make's models, or eight across the catalogue. */
export function articles(c: CatalogueView, make?: MakeView, model?: ModelView): Article[] {
  if (make && model) return ARTICLE_KINDS.map((_, k) => article(make, model, k));
  if (make) {
    const out: Article[] = [];
    for (let k = 0; k < 6 && make.models.length; k++) out.push(article(make, make.models[k % make.models.length], k));
    return out;
  }
  const out: Article[] = [];
  for (let k = 0; k < 8 && c.makes.length; k++) {
    const mk = c.makes[hash32(k, 11) % c.makes.length];
    if (!mk.models.length) continue;
    out.push(article(mk, mk.models[hash32(k, 12) % mk.models.length], k));
  }
  return out;
}

// ---- dealer difference ------------------------------------------------------------------------

export interface DealerDiffContent {
  contentId: string;
  cta: { label: string; offsite: boolean; link: string };
  htmlContent: string;
  logo: string | null;
}

const DD_ID = /^dd-(\d{1,9})$/;

/** The flagged entries: their HTML carries a <script>, an onerror= attribute and a javascript: link. */
export function dealerDiffHasUnsafeMarkup(contentId: string): boolean {
  const m = DD_ID.exec(contentId);
  return !!m && Number(m[1]) % 4 === 0;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const THEMES: { title: string; points: string[]; cta: string }[] = [
  {
    title: 'Family owned and operated',
    points: ['Serving our neighbours for three generations', 'The same team from test drive to service'],
    cta: 'Meet Our Team',
  },
  {
    title: 'Upfront, no-haggle pricing',
    points: ['The price you see is the price you pay', 'No hidden dealer fees'],
    cta: 'See Our Pricing Promise',
  },
  {
    title: 'Service you can trust',
    points: ['Factory-trained technicians', 'Free loaner cars with every major service'],
    cta: 'Book a Service',
  },
  {
    title: 'Delivered to your door',
    points: ['Buy online and we bring the car to you', 'Paperwork done from your couch'],
    cta: 'How Home Delivery Works',
  },
  {
    title: 'Trade-ins made easy',
    points: ['A firm offer on your trade in minutes', 'We pay off your loan for you'],
    cta: 'Value Your Trade',
  },
];

/** Dealer difference content of `dd-<digits>`; personalised when the owner is known. */
export function dealerDifference(contentId: string, listingTypes: string[], owner?: Owner): DealerDiffContent | undefined {
  const m = DD_ID.exec(contentId);
  if (!m) return undefined;
  const n = Number(m[1]);
  const theme = THEMES[hash32(n, 77) % THEMES.length];
  const name = owner?.name ?? 'our dealership';
  const site = owner?.website?.href ?? `https://dealer-${contentId}.example`;
  const points = [...theme.points];
  if (listingTypes.includes('NEW')) points.push('New-car specials every month');
  if (listingTypes.includes('CERTIFIED')) points.push('A certified pre-owned inspection on every certified car');
  if (listingTypes.some((t) => t === 'USED' || t === '3P_CERT') || listingTypes.length === 0)
    points.push('A free vehicle history report with every used car');
  const logoImg = owner?.logo?.src
    ? `<img src="${escapeHtml(owner.logo.src)}" alt="${escapeHtml(name)} logo" width="120" height="60">`
    : '';
  let html =
    `<div class="dealer-difference">` +
    logoImg +
    `<h2>Why buy from ${escapeHtml(name)}</h2>` +
    `<h3>${escapeHtml(theme.title)}</h3>` +
    `<ul>${points.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(site)}" target="_blank">Visit our website</a></p>`;
  if (dealerDiffHasUnsafeMarkup(contentId)) {
    // Deliberately unsafe (dealer-authored content is untrusted): the gateway must strip these.
    html +=
      `<script>window.__dealerDiffInjected = true;</script>` +
      `<img src="/images/dealer-difference/${contentId}-banner.svg" alt="Spring event" onerror="window.__dealerDiffInjected = true">` +
      `<p><a href="javascript:window.__dealerDiffInjected = true">Claim your offer</a></p>`;
  }
  html += `</div>`;
  return {
    contentId,
    cta: { label: theme.cta, offsite: true, link: site },
    htmlContent: html,
    logo: owner?.logo?.src ?? null,
  };
}

// ---- certified programs -----------------------------------------------------------------------

export type { CertifiedProgram, CertifiedProgramDetail };

export const MONEY_BACK_COPY = 'Money back guarantee: return it within 14 days or 1,000 miles, whichever comes first.';

/** The certified program content (page-furniture: Certified program; copy as the spec gives it). */
export const CERTIFIED_PROGRAMS: CertifiedProgramDetail[] = [
  {
    makeCode: 'FORD',
    makeCodes: ['FORD'],
    makeLabel: 'Ford',
    productId: 'FORD_BLUE_CERT',
    linkText: 'Ford Blue Certified details',
    cpoTile: { title: 'Ford Blue Certified', description: 'Inspected, reconditioned and backed by Ford.' },
    heading: 'Ford Blue Certified',
    content: `Blue certified vehicles are inspected and reconditioned to Ford standards. ${MONEY_BACK_COPY}`,
    benefits: ['Money back within 14 days or 1,000 miles', 'Inspected and reconditioned to Ford standards', 'Vehicle history report'],
    inspectionLink: `${EDITORIAL_ORIGIN}/certified/ford-blue/inspection-checklist/`,
  },
  {
    makeCode: 'FORD',
    makeCodes: ['FORD'],
    makeLabel: 'Ford',
    productId: 'FORD_GOLD_CERT',
    linkText: 'Ford Gold Certified details',
    cpoTile: { title: 'Ford Gold Certified', description: 'Up to six years old, under 80,000 miles, 172-point inspection.' },
    heading: 'Ford Gold Certified',
    content:
      'Gold certified vehicles are up to six years old with under 80,000 miles and pass a 172-point inspection. ' +
      'Money back within 14 days or 1,000 miles.',
    benefits: ['Up to six years old', 'Under 80,000 miles', '172-point inspection', 'Money back within 14 days or 1,000 miles'],
    inspectionLink: `${EDITORIAL_ORIGIN}/certified/ford-gold/172-point-inspection/`,
  },
  {
    makeCode: 'GM',
    makeCodes: ['BUICK', 'CHEV', 'GMC'],
    makeLabel: 'Buick, Chevrolet and GMC',
    productId: 'GM_CERT',
    linkText: 'GM Certified Pre-Owned details',
    cpoTile: { title: 'GM Certified Pre-Owned', description: 'Certified Buick, Chevrolet and GMC vehicles.' },
    heading: 'GM Certified Pre-Owned',
    content: 'Buick, Chevrolet and GMC certified pre-owned vehicles pass a multi-point inspection and come with a vehicle history report.',
    benefits: ['Multi-point inspection', 'Vehicle history report', 'Limited warranty coverage'],
    inspectionLink: `${EDITORIAL_ORIGIN}/certified/gm/inspection-checklist/`,
  },
  {
    makeCode: 'CHRYSLER',
    makeCodes: ['CHRY', 'DODGE', 'JEEP', 'RAM', 'FIAT'],
    makeLabel: 'Chrysler, Dodge, Jeep, Ram and Fiat',
    productId: 'CHRYSLER_CERT',
    linkText: 'Chrysler group certified details',
    cpoTile: { title: 'Chrysler Group Certified', description: 'Certified Chrysler, Dodge, Jeep, Ram and Fiat vehicles.' },
    heading: 'Chrysler Group Certified Pre-Owned',
    content:
      'Chrysler, Dodge, Jeep, Ram and Fiat certified pre-owned vehicles pass a multi-point inspection and come with a vehicle history report.',
    benefits: ['Multi-point inspection', 'Vehicle history report', 'Limited warranty coverage'],
    inspectionLink: `${EDITORIAL_ORIGIN}/certified/chrysler-group/inspection-checklist/`,
  },
  {
    makeCode: '3P_CERT',
    makeCodes: [],
    makeLabel: 'Third-Party Certified',
    productId: 'THIRD_PARTY_CERT',
    linkText: 'Third-Party Certified details',
    cpoTile: { title: 'Third-Party Certified', description: '30 to 90 day limited warranty.' },
    heading: 'Third-Party Certified',
    content: 'Third-party certified vehicles are inspected by an independent company and come with a 30 to 90 day limited warranty.',
    benefits: ['Independent inspection', '30 to 90 day limited warranty'],
  },
];

function programSummary(p: CertifiedProgramDetail): CertifiedProgram {
  const { benefits: _b, inspectionLink: _i, ...rest } = p;
  return rest;
}

// ---- view counts ------------------------------------------------------------------------------

/** Views of a listing over the last 7 days on the two brands (the catalogue's listings carry the same count). */
export { viewCounts };

// ---- routes -----------------------------------------------------------------------------------

export async function contentRoutes(app: FastifyInstance, opts: { catalogue: CatalogueView; now?: () => Date }): Promise<void> {
  const c = opts.catalogue;
  const now = opts.now ?? (() => new Date());
  const slugParam = { type: 'string', pattern: SLUG_PATTERN };

  app.get(
    '/content/expert-reviews/:year/:make/:model/:trim',
    {
      attachValidation: true,
      schema: {
        params: {
          type: 'object',
          properties: { year: { type: 'string', pattern: '^[0-9]{4}$' }, make: slugParam, model: slugParam, trim: slugParam },
          required: ['year', 'make', 'model', 'trim'],
        },
        querystring: { type: 'object', properties: { embed: { type: 'string', enum: ['0', '1', 'true', 'false'] } } },
      },
    },
    handler<FastifyRequest<{ Params: { year: string; make: string; model: string; trim: string }; Querystring: { embed?: string } }>>(
      async (request) => {
        const { year, make, model, trim } = request.params;
        const y = Number(year);
        const mk = findMake(c, make);
        const md = mk && findModel(mk, model);
        // Unknown names or years without reviews: nothing found, as a content site answers.
        if (!mk || !md || y < 1990 || y > now().getUTCFullYear() + 1) return [];
        const tr = trim.toLowerCase() === 'all' ? undefined : findTrim(md, trim);
        if (trim.toLowerCase() !== 'all' && !tr) return [];
        const embed = request.query.embed === '1' || request.query.embed === 'true';
        return expertReviews(mk, md, y, tr, embed);
      },
    ),
  );

  app.get(
    '/content/articles',
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: { makeCode: slugParam, modelCode: slugParam, make: slugParam, model: slugParam },
        },
      },
    },
    handler<FastifyRequest<{ Querystring: { makeCode?: string; modelCode?: string; make?: string; model?: string } }>>(async (request) => {
      const q = request.query;
      const makeParam = q.makeCode ?? q.make;
      const modelParam = q.modelCode ?? q.model;
      let mk = makeParam ? findMake(c, makeParam) : undefined;
      if (makeParam && !mk) return [];
      let md: ModelView | undefined;
      if (modelParam) {
        if (mk) md = findModel(mk, modelParam);
        else
          for (const m of c.makes) {
            md = findModel(m, modelParam);
            if (md) {
              mk = m;
              break;
            }
          }
        if (!md) return [];
      }
      return articles(c, mk, md);
    }),
  );

  app.get(
    '/content/dealer-difference/:file',
    {
      attachValidation: true,
      schema: {
        params: { type: 'object', properties: { file: { type: 'string', maxLength: 80 } }, required: ['file'] },
        querystring: {
          type: 'object',
          properties: {
            listingType: { type: 'string', maxLength: 60, pattern: `^(${LISTING_TYPES.join('|')})(,(${LISTING_TYPES.join('|')}))*$` },
            dealerDiffCmsId: { type: 'string', pattern: ID_PATTERN },
            ownerId: { type: 'string', pattern: ID_PATTERN },
          },
        },
      },
    },
    handler<
      FastifyRequest<{ Params: { file: string }; Querystring: { listingType?: string; dealerDiffCmsId?: string; ownerId?: string } }>
    >(async (request, reply) => {
      const m = /^([A-Za-z0-9_-]{1,64})\.(json|html)$/.exec(request.params.file);
      if (!m) throw new NotFound(`no dealer difference content ${request.params.file.slice(0, 80)}`);
      const [, name, ext] = m;
      const q = request.query;
      // A dealer's owner id also names its content (an alias of its dd-<digits> content id).
      const byOwner = DD_ID.test(name) ? undefined : c.ownerById(name);
      const contentId = byOwner?.dealerDiff?.contentId ?? name;
      // Personalised when the owner whose content this is is named.
      const owner = byOwner ?? (q.ownerId ? c.ownerById(q.ownerId) : undefined);
      const content = dealerDifference(
        contentId,
        q.listingType ? q.listingType.split(',') : [],
        owner?.dealerDiff?.contentId === contentId ? owner : undefined,
      );
      if (!content) throw new NotFound(`no dealer difference content ${contentId}`);
      if (ext === 'html') return reply.type('text/html; charset=utf-8').send(content.htmlContent);
      return content;
    }),
  );

  // The payments script of 'Make Offer' (search-results §7): plain JavaScript the page loads only
  // when a shopper asks for it.
  app.get('/content/payments/make-offer.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(MAKE_OFFER_SCRIPT),
  );

  app.get(
    '/content/certified',
    handler(async () => CERTIFIED_PROGRAMS.map(programSummary)),
  );

  app.get(
    '/content/certified/program/:productId',
    {
      attachValidation: true,
      schema: { params: { type: 'object', properties: { productId: { type: 'string', pattern: ID_PATTERN } }, required: ['productId'] } },
    },
    handler<FastifyRequest<{ Params: { productId: string } }>>(async (request) => {
      const id = request.params.productId.toUpperCase();
      const p = CERTIFIED_PROGRAMS.find((x) => x.productId === id);
      if (!p) throw new NotFound(`no certified program ${request.params.productId}`);
      return p;
    }),
  );

  app.get(
    '/cars-for-sale/svc/listing-view-count',
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: { vin: { type: 'string', pattern: VIN_PATTERN }, dateRange: { type: 'integer', enum: [7] } },
          required: ['vin'],
        },
      },
    },
    handler<FastifyRequest<{ Querystring: { vin: string; dateRange?: number } }>>(async (request) => {
      const vin = request.query.vin.toUpperCase();
      const at = now();
      return { vin, dateRange: 7, counts: viewCounts(vin, at), asOf: at.toISOString().slice(0, 10) };
    }),
  );
}

// ---- payments script (make offer) -------------------------------------------------------------

/**
 * The make-offer component a payments provider ships (search-results §1 'make an offer through an
 * embedded offer component', §7 payments script). The page emits `makeOfferModalIsLoaded` once
 * the script has loaded and `psx.listingActions.openMakeOffer` (detail: listingId, title, price)
 * for each 'Make Offer'; this script answers the second with a native modal dialog named by its
 * heading (Escape closes it, focus returns to the button), whose form sends the offer to the
 * seller as a lead (POST /account-api/leads through the gateway). designed: its texts.
 */
export const MAKE_OFFER_SCRIPT = `(function () {
  if (window.__psxMakeOffer) return;
  window.__psxMakeOffer = { ready: false };
  var n = 0;
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  function field(form, id, label, type, attrs) {
    var wrap = el('p', {});
    wrap.appendChild(el('label', { for: id }, label));
    var input = el('input', Object.assign({ id: id, name: id.split('-')[0], type: type }, attrs || {}));
    wrap.appendChild(input);
    form.appendChild(wrap);
    return input;
  }
  window.addEventListener('makeOfferModalIsLoaded', function () { window.__psxMakeOffer.ready = true; });
  window.addEventListener('psx.listingActions.openMakeOffer', function (event) {
    var d = event.detail || {};
    var opener = document.activeElement;
    var id = 'psx-offer-' + (++n);
    var dialog = el('dialog', { 'aria-labelledby': id + '-h', class: 'psx-offer' });
    dialog.appendChild(el('h2', { id: id + '-h' }, 'Make an offer'));
    if (d.title) dialog.appendChild(el('p', {}, d.title + (d.price ? ' (listed at ' + d.price + ')' : '')));
    var form = el('form', { novalidate: '' });
    var offer = field(form, 'offer-' + id, 'Your offer (US dollars)', 'text', { inputmode: 'numeric', required: '', autocomplete: 'off' });
    var first = field(form, 'firstName-' + id, 'First name', 'text', { required: '', autocomplete: 'given-name', maxlength: '50' });
    var last = field(form, 'lastName-' + id, 'Last name', 'text', { required: '', autocomplete: 'family-name', maxlength: '50' });
    var email = field(form, 'email-' + id, 'Email', 'email', { required: '', autocomplete: 'email', maxlength: '100' });
    var status = el('p', { role: 'status', id: id + '-s' });
    form.appendChild(status);
    var send = el('button', { type: 'submit' }, 'Send offer');
    var cancel = el('button', { type: 'button' }, 'Cancel');
    form.appendChild(send);
    form.appendChild(cancel);
    dialog.appendChild(form);
    function close() {
      if (dialog.open) dialog.close();
      dialog.remove();
      if (opener && opener.focus) opener.focus();
    }
    cancel.addEventListener('click', close);
    dialog.addEventListener('close', close);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var amount = Number(String(offer.value).replace(/[$,\\s]/g, ''));
      if (!(amount > 0) || !first.value.trim() || !last.value.trim() || !/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(email.value.trim())) {
        status.textContent = 'Enter an offer above $0, your first and last name and a valid email address.';
        return;
      }
      send.disabled = true;
      status.textContent = 'Sending your offer...';
      fetch('/account-api/leads', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          listingId: String(d.listingId || ''),
          firstName: first.value.trim(),
          lastName: last.value.trim(),
          email: email.value.trim(),
          comment: 'Offer: $' + Math.round(amount).toLocaleString('en-US') + '.'
        })
      }).then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        status.textContent = 'Your offer was sent to the seller.';
        form.removeChild(send);
        cancel.textContent = 'Close';
      }).catch(function () {
        send.disabled = false;
        status.textContent = 'Your offer could not be sent. Please try again.';
      });
    });
    document.body.appendChild(dialog);
    dialog.showModal ? dialog.showModal() : dialog.setAttribute('open', '');
    offer.focus();
  });
})();
`;
