/**
 * The page's HTML frame, rendered by the gateway on the server (first load) from this one module.
 * It reserves one region per remote (see regions.ts), carries the first-load state as inert JSON,
 * and holds the preload hints of the regions' code for the shell to use once the page has loaded.
 */
import {
  BUTTON_CLASSES,
  FIRST_LOAD_STATE_ID,
  MESSAGES,
  scriptSafeJson,
  styleSafeCss,
  type FirstLoadState,
  type PageAssets,
  type PagePart,
  type PageSlot,
  type RemoteName,
  type ServerRegion,
} from '@cfs/contracts';
import { REGION_DATA_ATTR, SERVER_RENDERED_ATTR } from '@cfs/remote-kit/dom';
import { loadsWithPage, REGIONS, regionFor, type Region } from './regions';
import { heroModel } from './hero-model';
import { heroHtml } from './hero-frame';
import { LAYOUT_CSS } from './layout-css';
import { escapeHtml } from './escape';
import { footerAdHtml } from './ads/ad-markup';
import { CODE_HINTS_ID } from './code-hints';
import { SHELL_SCRIPTS_ID } from './page-start';
import { PAGE_ICON } from '@cfs/contracts/page-icon';

/** A piece of the page: its text, a slot the gateway fills (layout parts), or pieces in order. */
type Piece = PagePart | readonly Piece[];

/** A template whose values may be slots: the page as parts, adjacent text joined. */
function parts(strings: TemplateStringsArray, ...values: Piece[]): PagePart[] {
  const out: PagePart[] = [];
  const add = (p: Piece) => {
    if (typeof p === 'string') {
      if (!p) return;
      if (typeof out[out.length - 1] === 'string') out[out.length - 1] += p;
      else out.push(p);
    } else if (Array.isArray(p)) (p as readonly Piece[]).forEach(add);
    else out.push(p as PageSlot);
  };
  strings.forEach((s, i) => {
    add(s);
    if (i < values.length) add(values[i]);
  });
  return out;
}

/** A value as JSON safe inside a <script> element. */
export function inlineJson(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}

/** ` integrity="…" crossorigin="anonymous"` for a script URL with a known hash, else nothing. */
function sri(assets: PageAssets, url: string): string {
  const hash = assets.integrity?.[url];
  return hash ? ` integrity="${escapeHtml(hash)}" crossorigin="anonymous"` : '';
}

/**
 * The head of every page. Its referrer policy (designed) is 'same-origin': a page of this site
 * tells the next page of this site where the shopper came from (the hero's back link), and tells
 * other sites nothing, as the gateway's Referrer-Policy header for the page says too.
 */
function head(title: string, assets: PageAssets, leadImage: string | null = null, slots = false): PagePart[] {
  const nonce = assets.nonce ? ` nonce="${escapeHtml(assets.nonce)}"` : '';
  return parts`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
${leadImage ? `<link rel="preload" as="image" href="${escapeHtml(leadImage)}" fetchpriority="high">` : ''}
<link rel="icon" type="image/png" href="${PAGE_ICON}">
${(assets.inlineStyles ?? []).map(
  (s, index) =>
    parts`${index ? '\n' : ''}<style${nonce} data-remote-styles="${escapeHtml(s.remote)}"${s.href ? ` data-href="${escapeHtml(s.href)}"` : ''}>${slots ? { slot: 'style', index } : styleSafeCss(s.css)}</style>`,
)}
<style${nonce}>${LAYOUT_CSS}</style>
${codeHints(assets)}
</head>`;
}

/**
 * The preload hints of the code that loads with the page (remote entries and manifests), inert until
 * the shell starts at load (code-hints.ts): fetched during the first paint, they shared the
 * connections with the document and the lead image and made the largest paint later. The shell's
 * own script needs no hint: its tag ends the page.
 */
function codeHints(assets: PageAssets): string {
  const links = assets.preloads
    .filter((p) => {
      const region = p.remote ? regionFor(p.remote) : undefined;
      return !p.remote || (region !== undefined && loadsWithPage(region));
    })
    .map(
      (p) =>
        `<link rel="preload" as="${p.as}" href="${escapeHtml(p.href)}"${p.as === 'fetch' ? ' crossorigin="anonymous"' : sri(assets, p.href)}>`,
    );
  return links.length ? `<template id="${CODE_HINTS_ID}">${links.join('')}</template>` : '';
}

/**
 * The page's lead image: the first image a server-rendered region marks `fetchpriority="high"`
 * (its largest paint above the fold), in page order, when it is a path of this site. Preloaded
 * first thing in the head, it is asked for before the shell's script takes a connection.
 */
export function leadImageOf(htmls: readonly (string | undefined)[]): string | null {
  for (const html of htmls) {
    if (!html) continue;
    for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
      if (!/\sfetchpriority="high"/i.test(tag)) continue;
      const src = /\ssrc="([^"]+)"/i.exec(tag)?.[1]?.replace(/&amp;/g, '&');
      if (src && /^\/(?![/\\])[^\s]*$/.test(src)) return src;
    }
  }
  return null;
}

/** A region's content: its server-rendered root and data, or nothing (the browser renders it). */
function regionContent(region: Region, rendered: ServerRegion | undefined, slots: boolean): PagePart[] {
  if (!rendered) return [];
  const version = rendered.version ? ` data-version="${escapeHtml(rendered.version)}"` : '';
  const { remote } = region;
  const html: PagePart = slots ? { slot: 'region-html', remote } : rendered.html;
  const data: PagePart = slots
    ? { slot: 'region-data', remote }
    : rendered.dataJson !== undefined
      ? scriptSafeJson(rendered.dataJson)
      : inlineJson(rendered.data);
  return parts`<div data-boundary="${remote}"${version} ${SERVER_RENDERED_ATTR}="">${html}</div><script type="application/json" ${REGION_DATA_ATTR}="">${data}</script>`;
}

/**
 * The expired-listing notice (page-furniture §2 "Other"), above the results: the shopper came from
 * a listing that is no longer available. The hero drops it when a new search starts (hero.ts).
 */
function expiredNoticeHtml(state: FirstLoadState): string {
  const vehicle = state.expiredListing?.vehicle;
  if (typeof vehicle !== 'string' || !vehicle) return '';
  return `<div class="cfs-expired" id="cfs-expired" role="status"><p>${escapeHtml(MESSAGES.expiredListing(vehicle))}</p><p>${escapeHtml(MESSAGES.expiredListingFollowUp)}</p></div>
`;
}

export function renderPage(state: FirstLoadState, assets: PageAssets, rendered: Partial<Record<string, ServerRegion>> = {}): string {
  if (state.searchError) return renderErrorPage(state, assets);
  return pageParts(state, assets, rendered, false).join('');
}

/**
 * The page as parts (contracts' FrameModule): the gateway writes the first-load state, each
 * region's HTML and data and the inline stylesheets into their slots from the bytes it holds.
 */
export function renderPageParts(
  state: FirstLoadState,
  assets: PageAssets,
  rendered: Partial<Record<string, ServerRegion>> = {},
): PagePart[] {
  if (state.searchError) return [renderErrorPage(state, assets)];
  return pageParts(state, assets, rendered, true);
}

function pageParts(state: FirstLoadState, assets: PageAssets, rendered: Partial<Record<string, ServerRegion>>, slots: boolean): PagePart[] {
  const hero = heroModel(state.query, state.result, state.brand);
  const nonce = assets.nonce ? ` nonce="${escapeHtml(assets.nonce)}"` : '';
  // Each region's space is reserved by the layout's CSS, right for each viewport (layout-css.ts).
  const regions = REGIONS.map(
    (r) =>
      parts`<${r.tag} id="${r.id}" class="cfs-region cfs-region-${r.remote}" aria-label="${escapeHtml(r.label)}" data-region="${r.remote}">${regionContent(r, rendered[r.remote], slots)}</${r.tag}>`,
  );
  const byRemote = Object.fromEntries(REGIONS.map((r, i) => [r.remote, regions[i]])) as Record<RemoteName, PagePart[]>;
  // REGIONS is in page order (regions.ts).
  const leadImage = leadImageOf(REGIONS.map((r) => rendered[r.remote]?.html));
  const stateJson: PagePart = slots
    ? { slot: 'state' }
    : assets.stateJson !== undefined
      ? scriptSafeJson(assets.stateJson)
      : inlineJson(state);
  return parts`<!doctype html>
<html lang="en" data-brand="${escapeHtml(state.brand)}">
${head(hero.title, assets, leadImage, slots)}
<body>
<a class="cfs-skip" href="#region-results">${MESSAGES.skipToListings}</a>
${heroHtml(state, expiredNoticeHtml(state))}
<div class="cfs-page">
${byRemote['mf-filters']}
<main class="cfs-main" id="cfs-main">
${byRemote['mf-showcase']}
${byRemote['mf-alerts']}
${byRemote['mf-results']}
${byRemote['mf-reference']}
</main>
</div>
<footer class="cfs-footer">${footerAdHtml(state.config.footerAdSmall)}</footer>
${byRemote['mf-compare']}
<script type="application/json" id="${FIRST_LOAD_STATE_ID}">${stateJson}</script>
${scriptsHtml(assets, nonce)}
</body>
</html>`;
}

/**
 * The shell's scripts at the end of the page. With a start script, that is the one the page runs;
 * the shell's own wait inert in a <template> for it to add (page-start.ts).
 */
function scriptsHtml(assets: PageAssets, nonce: string): string {
  const tag = (src: string, defer: boolean) =>
    `<script src="${escapeHtml(src)}"${defer ? ' defer' : ''}${nonce}${sri(assets, src)}></script>`;
  const start = assets.start ?? [];
  if (!start.length || !assets.scripts.length) return assets.scripts.map((s) => tag(s, true)).join('\n');
  return [
    `<template id="${SHELL_SCRIPTS_ID}">${assets.scripts.map((s) => tag(s, false)).join('')}</template>`,
    ...start.map((s) => tag(s, true)),
  ].join('\n');
}

/** The error screen of the spec: shown when the base search call fails. */
export function renderErrorPage(state: FirstLoadState, assets: PageAssets): string {
  // 'Please try again' reloads the page; as a GET form it works even before scripts run.
  const hidden = Object.entries(state.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? [[k, v.join(',')]] : [[k, String(v)]]))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html>
<html lang="en" data-brand="${escapeHtml(state.brand)}">
${head('Cars for Sale', { ...assets, scripts: [], preloads: [] }).join('')}
<body>
<main class="cfs-error">
<div role="alert"><h1>${escapeHtml(MESSAGES.searchError)}</h1></div>
<form method="get">${hidden}<button type="submit" class="${BUTTON_CLASSES.base} ${BUTTON_CLASSES.primary}">${MESSAGES.tryAgain}</button></form>
</main>
</body>
</html>`;
}
