// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module cannot be imported; other programs (gateway, e2e) compile this file too
/// <reference path="../types/zipcodes.d.ts" />
/** ZIP validation (path not shown in the spec): GET /geo/zip/:zip. */
import type { FastifyInstance } from 'fastify';
import zipcodes from 'zipcodes';

export async function geoRoutes(app: FastifyInstance) {
  app.get<{ Params: { zip: string } }>('/geo/zip/:zip', async (request, reply) => {
    const zip = request.params.zip;
    if (!/^\d{5}$/.test(zip)) return reply.code(400).send({ success: false, error: 'zip must be 5 digits' });
    const z = zipcodes.lookup(zip);
    if (!z) return reply.code(404).send({ success: false, error: `${zip} is not a known US ZIP code` });
    return { success: true, zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude };
  });
}
