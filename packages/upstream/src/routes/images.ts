/**
 * Listing, model and dealer images, drawn by body style and colour: no network, no files. Listing
 * photos are PNG (listing-photo.ts), as real photos are raster images; model images and dealer
 * logos are SVG.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue/generate';
import { indexOfId } from '../catalogue/generate';
import { BODY_STYLES, COLOR_HEX, EXTERIOR_COLORS } from '../catalogue/tables';
import { NotFound } from '../util/errors';
import { listingPhoto } from './listing-photo';

export const SHAPES: Record<string, string> = {
  TRUCKS: 'M20 120 L20 90 L70 90 L90 60 L150 60 L160 90 L280 90 L280 120 Z',
  SUVCROSS: 'M20 120 L20 80 L60 50 L220 50 L260 80 L280 85 L280 120 Z',
  SEDAN: 'M20 120 L25 95 L80 85 L110 60 L200 60 L235 85 L280 95 L280 120 Z',
  COUPE: 'M20 120 L25 98 L90 88 L130 62 L195 62 L230 88 L280 98 L280 120 Z',
  CONVERT: 'M20 120 L25 98 L100 90 L120 78 L150 90 L280 98 L280 120 Z',
  HATCH: 'M20 120 L25 95 L80 85 L110 58 L230 58 L262 90 L280 120 Z',
  VANMV: 'M20 120 L20 70 L50 40 L270 40 L280 70 L280 120 Z',
  WAGON: 'M20 120 L25 95 L80 85 L110 58 L255 58 L275 90 L280 120 Z',
};

export function listingSvg(body: string, colour: string, label: string, view = 0): string {
  const hex = COLOR_HEX[colour] ?? '#888888';
  const path = SHAPES[body] ?? SHAPES.SEDAN;
  const flip = view % 2 ? ' transform="translate(300 0) scale(-1 1)"' : '';
  const esc = label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 170" width="600" height="340" role="img" aria-label="${esc}"><rect width="300" height="170" fill="#eef1f5"/><g${flip}><path d="${path}" fill="${hex}" stroke="#333" stroke-width="2"/><circle cx="75" cy="122" r="18" fill="#222"/><circle cx="225" cy="122" r="18" fill="#222"/><circle cx="75" cy="122" r="7" fill="#bbb"/><circle cx="225" cy="122" r="7" fill="#bbb"/></g><text x="150" y="160" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#444">${esc}</text></svg>`;
}

/**
 * Draws every listing photo there can be (each body shape, colour and view; about 200, some 10 ms
 * each), one per turn of the event loop so requests are answered meanwhile. The server runs it
 * once it listens: no search then waits for a photo to be drawn.
 */
export async function drawAllListingPhotos(draw: typeof listingPhoto = listingPhoto): Promise<number> {
  let n = 0;
  for (const shape of Object.values(SHAPES)) {
    for (const colour of EXTERIOR_COLORS) {
      for (const view of [0, 1]) {
        await new Promise((resolve) => setImmediate(resolve));
        draw(shape, COLOR_HEX[colour.code] ?? '#888888', view);
        n++;
      }
    }
  }
  return n;
}

export async function imageRoutes(app: FastifyInstance, opts: { catalogue: Catalogue }) {
  const c = opts.catalogue;
  app.get<{ Params: { file: string } }>('/images/listing/:file', async (request, reply) => {
    const m = /^(\d{9})(?:-(\d))?\.png$/.exec(request.params.file);
    const i = m ? indexOfId(c, m[1]) : -1;
    if (i < 0) throw new NotFound('no such image');
    const colour = COLOR_HEX[EXTERIOR_COLORS[c.ext[i]].code] ?? '#888888';
    const shape = SHAPES[BODY_STYLES[c.body[i]].code] ?? SHAPES.SEDAN;
    reply.header('cache-control', 'public, max-age=86400').type('image/png');
    return listingPhoto(shape, colour, Number(m![2] ?? 0));
  });
  /** Model images for articles, reviews and compare trims: /images/model/<make>-<model>.svg or <model>.svg. */
  app.get<{ Params: { file: string } }>('/images/model/:file', async (request, reply) => {
    const m = /^([a-z0-9-]{1,60})\.svg$/.exec(request.params.file);
    const slug = m?.[1] ?? '';
    const mo = c.models.find((x) => slug === x.code.toLowerCase() || slug === `${x.makeCode}-${x.code}`.toLowerCase());
    if (!mo) throw new NotFound('no such image');
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return listingSvg(mo.body, 'SILVER', `${mo.makeName} ${mo.name}`);
  });
  app.get<{ Params: { file: string } }>('/images/owner/:file', async (request, reply) => {
    const m = /^(d\d+)\.svg$/.exec(request.params.file);
    const oi = m ? c.ownerIndex.get(m[1]) : undefined;
    if (oi === undefined) throw new NotFound('no such image');
    const name = c.owners[oi].name.replace(/[<>&"]/g, '');
    const initials = name
      .split(' ')
      .map((w) => w[0])
      .join('')
      .slice(0, 3);
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60" role="img" aria-label="${name}"><rect width="120" height="60" rx="8" fill="#1d4ed8"/><text x="60" y="38" font-family="sans-serif" font-size="22" font-weight="bold" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  });
}
