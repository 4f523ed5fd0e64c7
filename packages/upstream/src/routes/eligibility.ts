/**
 * The ecommerce eligibility service: POST /eligibility/verify with JSON { vin } or
 * { isCertified, listingPrice, make, mileage, model, msrp, ownerId, trim, vehicleCondition, vin, year }
 * answers { totalMatched, sellable, circuitBreakerOpen: false, vin, reasons }.
 *
 * The rule:
 * - totalMatched is 1 when a listing with this vin exists and every identifying value given
 *   (ownerId, make, model, trim, year; make, model and trim by code or name, any case) agrees
 *   with it, else 0.
 * - sellable when it matched, its price is above 0 (listingPrice when given, else the listing's
 *   sale price), its mileage is under 100,000 (mileage when given, else the listing's), and its
 *   owner is a dealer (not a private seller) offering the BUY_ONLINE home service.
 * - reasons lists, in words, every part of the rule that failed (empty when sellable).
 * A body that is not a JSON object, lacks a vin or holds a bad value answers 400 { error }.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueView } from './content';
import { handler, ID_PATTERN, VIN_PATTERN } from '../store/http';
import { formatNumber } from '@cfs/search-query';

export const MAX_SELLABLE_MILEAGE = 100_000;

export interface EligibilityRequest {
  vin: string;
  isCertified?: boolean;
  listingPrice?: number;
  make?: string;
  mileage?: number;
  model?: string;
  msrp?: number;
  ownerId?: string;
  trim?: string;
  vehicleCondition?: string;
  year?: number;
}

export interface EligibilityAnswer {
  vin: string;
  totalMatched: number;
  sellable: boolean;
  circuitBreakerOpen: false;
  reasons: string[];
}

const sameName = (given: string | undefined, ...known: (string | undefined)[]) =>
  given === undefined || known.some((k) => k !== undefined && k.toLowerCase() === given.trim().toLowerCase());

export function verifyEligibility(c: CatalogueView, r: EligibilityRequest): EligibilityAnswer {
  const vin = r.vin.toUpperCase();
  const answer = (totalMatched: number, reasons: string[]): EligibilityAnswer => ({
    vin,
    totalMatched,
    sellable: totalMatched > 0 && reasons.length === 0,
    circuitBreakerOpen: false,
    reasons,
  });
  const l = c.listingByVin(vin);
  if (!l) return answer(0, ['no listing has this vin']);
  const mismatch: string[] = [];
  if (r.ownerId !== undefined && r.ownerId !== l.ownerId) mismatch.push('ownerId');
  if (!sameName(r.make, l.make.code, l.make.name)) mismatch.push('make');
  if (!sameName(r.model, l.model.code, l.model.name)) mismatch.push('model');
  if (r.trim !== undefined && l.trim && !sameName(r.trim, l.trim.code, l.trim.name)) mismatch.push('trim');
  if (r.year !== undefined && r.year !== l.year) mismatch.push('year');
  if (mismatch.length) return answer(0, [`the listing with this vin has a different ${mismatch.join(', ')}`]);

  const reasons: string[] = [];
  const price = r.listingPrice ?? l.pricingDetail.salePrice ?? 0;
  if (!(price > 0)) reasons.push('the listing has no price');
  const mileage = r.mileage ?? l.mileage.value;
  if (mileage >= MAX_SELLABLE_MILEAGE) reasons.push(`mileage is ${formatNumber(MAX_SELLABLE_MILEAGE)} or more`);
  const owner = c.ownerById(l.ownerId);
  if (!owner) reasons.push('the listing has no known owner');
  else if (owner.privateSeller) reasons.push('private sellers do not sell online');
  else if (!owner.homeServices?.includes('BUY_ONLINE')) reasons.push('the dealer does not offer Buy Online');
  return answer(1, reasons);
}

export async function eligibilityRoutes(app: FastifyInstance, opts: { catalogue: CatalogueView }): Promise<void> {
  const money = { type: 'number', minimum: 0, maximum: 100_000_000 };
  app.post(
    '/eligibility/verify',
    {
      attachValidation: true,
      schema: {
        body: {
          type: 'object',
          properties: {
            vin: { type: 'string', pattern: VIN_PATTERN },
            isCertified: { type: 'boolean' },
            listingPrice: money,
            make: { type: 'string', maxLength: 60 },
            mileage: { type: 'number', minimum: 0, maximum: 10_000_000 },
            model: { type: 'string', maxLength: 60 },
            msrp: money,
            ownerId: { type: 'string', pattern: ID_PATTERN },
            trim: { type: 'string', maxLength: 100 },
            vehicleCondition: { type: 'string', pattern: '^[A-Za-z_0-9]{1,20}$' },
            year: { type: 'integer', minimum: 1900, maximum: 2100 },
          },
          required: ['vin'],
        },
      },
    },
    handler<FastifyRequest<{ Body: EligibilityRequest }>>(async (request) => verifyEligibility(opts.catalogue, request.body)),
  );
}
