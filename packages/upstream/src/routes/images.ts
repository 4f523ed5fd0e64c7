/**
 * Listing, model and dealer images, drawn by body style and colour: no network, no files. Listing
 * photos are PNG (listing-photo.ts), as real photos are raster images; model images and dealer
 * logos are SVG.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue/generate';
import { indexOfId } from '../catalogue/generate';
import { BODY_STYLES, EXTERIOR_COLORS } from '../catalogue/tables';
import { NotFound } from '../util/errors';
import { carScene, SCENE } from './car-scene';
import { listingPhoto } from './listing-photo';

export function listingSvg(body: string, colour: string, label: string, view = 0): string {
  const { path, hex } = carScene(body, colour);
  const S = SCENE;
  const flip = view % 2 ? ` transform="translate(${S.width} 0) scale(-1 1)"` : '';
  const esc = label.replace(/[<>&"]/g, '');
  const circles = (r: number, fill: string) =>
    S.wheelXs.map((cx) => `<circle cx="${cx}" cy="${S.wheelY}" r="${r}" fill="${fill}"/>`).join('');
  const wheels = circles(S.tyreRadius, S.tyre) + circles(S.hubRadius, S.hub);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S.width} ${S.height}" width="${S.width * 2}" height="${S.height * 2}" role="img" aria-label="${esc}"><rect width="${S.width}" height="${S.height}" fill="${S.ground}"/><g${flip}><path d="${path}" fill="${hex}" stroke="${S.outline}" stroke-width="${S.outlineWidth}"/>${wheels}</g><text x="${S.width / 2}" y="160" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#444">${esc}</text></svg>`;
}

export async function imageRoutes(app: FastifyInstance, opts: { catalogue: Catalogue }) {
  const c = opts.catalogue;
  app.get<{ Params: { file: string } }>('/images/listing/:file', async (request, reply) => {
    const m = /^(\d{9})(?:-(\d))?\.png$/.exec(request.params.file);
    const i = m ? indexOfId(c, m[1]) : -1;
    if (i < 0) throw new NotFound('no such image');
    reply.header('cache-control', 'public, max-age=86400').type('image/png');
    return listingPhoto(BODY_STYLES[c.body[i]].code, EXTERIOR_COLORS[c.ext[i]].code, Number(m![2] ?? 0));
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
