/**
 * Dealer difference content is dealer-authored HTML: it is sanitised with sanitize-html before it
 * reaches the page. Kept: text formatting, lists, headings, links (http, https, mailto, tel and
 * relative; target=_blank links get rel="noopener noreferrer") and images (http, https and
 * relative sources). Dropped: scripts, styles, iframes, forms, event-handler attributes,
 * javascript: and data: URLs, and anything not listed.
 */
import sanitizeHtml from 'sanitize-html';

export const DEALER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'sup',
    'sub',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeDealerHtml(html: unknown): string {
  return typeof html === 'string' ? sanitizeHtml(html, DEALER_HTML_OPTIONS) : '';
}

/** A link the page may follow: http(s) or a same-site path; anything else is dropped. */
export function safeLink(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const h = href.trim();
  if (/^\/(?![/\\])/.test(h)) return h;
  try {
    const u = new URL(h);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

interface DealerDiffContent {
  cta?: { label?: unknown; offsite?: unknown; link?: unknown };
  htmlContent?: unknown;
  logo?: unknown;
  [k: string]: unknown;
}

/** The dealer difference JSON with its htmlContent sanitised and its links checked. */
export function sanitizeDealerDiff(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const d = { ...(data as DealerDiffContent) };
  if ('htmlContent' in d) d.htmlContent = sanitizeDealerHtml(d.htmlContent);
  if (d.cta && typeof d.cta === 'object') {
    const link = safeLink(d.cta.link);
    d.cta = { ...d.cta, link };
    if (!link) delete (d.cta as Record<string, unknown>).link;
  }
  if (typeof d.logo === 'string') {
    const logo = safeLink(d.logo);
    if (logo) d.logo = logo;
    else delete d.logo;
  } else if (d.logo && typeof d.logo === 'object' && 'src' in (d.logo as object)) {
    const src = safeLink((d.logo as { src: unknown }).src);
    if (src) d.logo = { ...(d.logo as object), src };
    else delete d.logo;
  }
  return d;
}
