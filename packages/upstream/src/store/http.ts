/**
 * Request helpers shared by the account, sign-in, content and eligibility routes: every bad value
 * answers 400 { error: '<what is wrong>' } (schema errors included, in words), HttpError answers
 * its own status with { error }, whatever the app's error handler is.
 */
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { HttpError } from '../util/errors';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const PLACE: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** One schema error in words: "email must be at most 45 characters", "vins is required". */
export function describeValidation(err: Error & { validation?: AjvError[]; validationContext?: string }): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const where = PLACE[err.validationContext ?? ''] ?? 'request';
  const field = first.instancePath ? first.instancePath.slice(1).replace(/\//g, '.') : where;
  const p = first.params;
  switch (first.keyword) {
    case 'required':
      return `${first.instancePath ? `${field}.` : ''}${String(p.missingProperty)} is required`;
    case 'type':
      return `${field} must be ${p.type === 'integer' ? 'a whole number' : p.type === 'object' ? 'a JSON object' : `a ${String(p.type)}`}`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'pattern':
    case 'format':
      return `${field} has an invalid format`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(p.limit)}`;
    case 'minItems':
      return `${field} must hold at least ${String(p.limit)} item${Number(p.limit) === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field} must hold at most ${String(p.limit)} items`;
    case 'additionalProperties':
      return `${String(p.additionalProperty)} is not allowed${first.instancePath ? ` in ${field}` : ''}`;
    default:
      return `${field} ${first.message ?? 'is not valid'}`;
  }
}

/**
 * Wraps a handler of a route declared with `attachValidation: true`: schema errors and HttpErrors
 * become { error } answers with their status; anything else goes on to the app's error handler.
 */
export function handler<R extends FastifyRequest = FastifyRequest>(
  fn: (request: R, reply: FastifyReply) => Promise<unknown>,
): RouteHandlerMethod {
  return async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    if (request.validationError) {
      return reply.code(400).send({ error: describeValidation(request.validationError as Parameters<typeof describeValidation>[0]) });
    }
    try {
      return await fn(request as R, reply);
    } catch (err) {
      if (err instanceof HttpError) return reply.code(err.statusCode).send({ error: err.message });
      throw err;
    }
  } as RouteHandlerMethod;
}

/** A header's single value (the first when repeated). */
export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Rough check of an email address: one @, a dot in the domain, no spaces or angle brackets. */
export const EMAIL_RE = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
export const VIN_RE = /^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$/;
export const VIN_PATTERN = '^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$';
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/** Checks an email value: a clear message, or null when fine. */
export function emailProblem(value: unknown, max: number, field = 'email'): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return `${field} is required`;
  if (typeof value !== 'string') return `${field} must be a string`;
  const v = value.trim();
  if (v.length > max) return `${field} must be at most ${max} characters`;
  if (!EMAIL_RE.test(v)) return `${field} is not a valid email address`;
  return null;
}

/**
 * A route's preValidation hook for bodies that may arrive as a beacon: a text/plain body is read
 * as JSON before the schema check; text that is not JSON stays text, and the schema check answers
 * 400 'body must be a JSON object'.
 */
export async function beaconJsonBody(request: FastifyRequest): Promise<void> {
  if (typeof request.body !== 'string') return;
  try {
    request.body = JSON.parse(request.body);
  } catch {
    // Left as text for the schema check.
  }
}
