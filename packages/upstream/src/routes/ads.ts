/**
 * House ads for the results grid's ad slots (page-furniture §2 'Page parts', §9), the fixed bottom
 * ad bar and the footer leader ad (§2 'Other', §4 'Fixed ad'): creatives the marketplace serves
 * itself, so no third-party host is involved.
 *
 *   GET /content/ads?slot=fluid|liner|treehouse|fixed|footer&number=1..5
 *     -> { creative: { id, slot, number, advertiser, alt, href, images: [{ width, height, src }] } }
 *   GET /content/ads/<id>-<width>x<height>.svg -> the creative drawn at that size (SVG)
 *
 * Each slot type has fixed sizes (the page reserves each box, so nothing shifts): fluid and
 * treehouse cells 300x250; liner rows 970x90, 728x90 and 320x50 (the spec's banner sizes); the
 * fixed bar 970x90 and 728x90 on large screens, 320x50 and 300x50 on small ones; the footer ad
 * 728x90, 320x50 and the optional 320x250 (the page's configuration chooses which small screens
 * show, see the shell's fixed-ad rules), one image per size, the page showing the one its width fits. The click-through is a path of the
 * marketplace itself. The creative of a slot is the same for the same slot and number.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { handler } from '../store/http';
import { NotFound } from '../util/errors';

export const AD_SLOT_TYPES = ['fluid', 'liner', 'treehouse', 'fixed', 'footer'] as const;
export type AdSlotType = (typeof AD_SLOT_TYPES)[number];

export interface AdSize {
  width: number;
  height: number;
}

export const AD_SIZES: Record<AdSlotType, readonly AdSize[]> = {
  fluid: [{ width: 300, height: 250 }],
  treehouse: [{ width: 300, height: 250 }],
  liner: [
    { width: 970, height: 90 },
    { width: 728, height: 90 },
    { width: 320, height: 50 },
  ],
  fixed: [
    { width: 970, height: 90 },
    { width: 728, height: 90 },
    { width: 320, height: 50 },
    { width: 300, height: 50 },
  ],
  footer: [
    { width: 728, height: 90 },
    { width: 320, height: 50 },
    { width: 320, height: 250 },
  ],
};

interface HouseAd {
  id: string;
  headline: string;
  cta: string;
  alt: string;
  href: string;
  colour: string;
}

/** The marketplace's own campaigns, each pointing at a search of this page. */
export const HOUSE_ADS: readonly HouseAd[] = [
  {
    id: 'certified',
    headline: 'Certified Pre-Owned',
    cta: 'Shop certified cars',
    alt: 'Certified Pre-Owned: inspected cars with a factory-backed warranty. Shop certified cars.',
    href: '/cars-for-sale?listingType=CERTIFIED',
    colour: '#1d4ed8',
  },
  {
    id: 'great-deals',
    headline: 'Great deals near you',
    cta: 'See Great Deals',
    alt: 'Great deals near you: cars priced well below market value. See Great Deals.',
    href: '/cars-for-sale?dealType=greatprice',
    colour: '#166534',
  },
  {
    id: 'buy-online',
    headline: 'Buy your next car online',
    cta: 'Shop Buy Online cars',
    alt: 'Buy your next car online, from paperwork to delivery. Shop Buy Online cars.',
    href: '/cars-for-sale?homeServices=BUY_ONLINE',
    colour: '#7c2d12',
  },
  {
    id: 'electric',
    headline: 'Go electric',
    cta: 'Shop electric cars',
    alt: 'Go electric: new and used electric cars for every budget. Shop electric cars.',
    href: '/cars-for-sale?fuelTypeGroup=ELE',
    colour: '#0e7490',
  },
  {
    id: 'trucks',
    headline: 'Trucks for every job',
    cta: 'Shop trucks',
    alt: 'Trucks for every job, from midsize to heavy duty. Shop trucks.',
    href: '/cars-for-sale?vehicleStyleCode=TRUCKS',
    colour: '#374151',
  },
];

const SLOT_OFFSET: Record<AdSlotType, number> = { fluid: 0, liner: 2, treehouse: 1, fixed: 3, footer: 4 };

export function creativeFor(slot: AdSlotType, number: number) {
  const ad = HOUSE_ADS[(number - 1 + SLOT_OFFSET[slot]) % HOUSE_ADS.length];
  return {
    id: ad.id,
    slot,
    number,
    advertiser: 'House ad',
    alt: ad.alt,
    href: ad.href,
    images: AD_SIZES[slot].map((s) => ({ ...s, src: `/content/ads/${ad.id}-${s.width}x${s.height}.svg` })),
  };
}

/** The creative drawn at one size: a coloured panel, the headline and a call-to-action pill. */
export function adSvg(ad: HouseAd, { width, height }: AdSize): string {
  const wide = width / height > 4;
  const title = wide ? Math.round(height * (height < 60 ? 0.32 : 0.3)) : 26;
  const small = wide ? Math.round(title * 0.7) : 16;
  const pillW = Math.round(Math.min(width * (wide ? 0.28 : 0.7), small * ad.cta.length * 0.62 + 24));
  const pillH = Math.round(small * 1.9);
  const text = wide
    ? `<text x="${Math.round(height * 0.3)}" y="${Math.round(height / 2 + title * 0.35)}" font-size="${title}" font-weight="bold" fill="#fff">${ad.headline}</text>` +
      `<rect x="${width - pillW - Math.round(height * 0.25)}" y="${Math.round((height - pillH) / 2)}" width="${pillW}" height="${pillH}" rx="${Math.round(pillH / 2)}" fill="#fff"/>` +
      `<text x="${width - pillW / 2 - Math.round(height * 0.25)}" y="${Math.round(height / 2 + small * 0.35)}" font-size="${small}" text-anchor="middle" fill="${ad.colour}">${ad.cta}</text>`
    : `<text x="${width / 2}" y="${Math.round(height * 0.42)}" font-size="${title}" font-weight="bold" text-anchor="middle" fill="#fff">${ad.headline}</text>` +
      `<rect x="${Math.round((width - pillW) / 2)}" y="${Math.round(height * 0.62)}" width="${pillW}" height="${pillH}" rx="${Math.round(pillH / 2)}" fill="#fff"/>` +
      `<text x="${width / 2}" y="${Math.round(height * 0.62 + pillH / 2 + small * 0.35)}" font-size="${small}" text-anchor="middle" fill="${ad.colour}">${ad.cta}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${ad.headline}"><rect width="${width}" height="${height}" fill="${ad.colour}"/><g font-family="sans-serif">${text}</g></svg>`;
}

export async function adRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/content/ads',
    {
      attachValidation: true,
      schema: {
        querystring: {
          type: 'object',
          properties: { slot: { type: 'string', enum: [...AD_SLOT_TYPES] }, number: { type: 'integer', minimum: 1, maximum: 5 } },
          required: ['slot', 'number'],
        },
      },
    },
    handler<FastifyRequest<{ Querystring: { slot: AdSlotType; number: number } }>>(async (request) => ({
      creative: creativeFor(request.query.slot, request.query.number),
    })),
  );
  app.get<{ Params: { file: string } }>('/content/ads/:file', async (request, reply) => {
    const m = /^([a-z-]{1,40})-(\d{2,4})x(\d{2,4})\.svg$/.exec(request.params.file);
    const ad = m && HOUSE_ADS.find((a) => a.id === m[1]);
    const size =
      ad &&
      Object.values(AD_SIZES)
        .flat()
        .find((s) => s.width === Number(m[2]) && s.height === Number(m[3]));
    if (!ad || !size) throw new NotFound('no such creative');
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return adSvg(ad, size);
  });
}
