/** Exposes every entry of the route table to the browser, through the upstream client. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UpstreamClient, CallRequest } from './client';
import type { RouteSpec } from './route-table';
import { searchParamsFor } from '../search';

export function abortOnClose(request: FastifyRequest): AbortSignal {
  const ctrl = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || request.raw.destroyed) ctrl.abort();
  });
  request.raw.socket?.once('close', () => ctrl.abort());
  return ctrl.signal;
}

export function buildCall(route: RouteSpec, request: FastifyRequest, brand: string): CallRequest {
  const raw = request.raw.url ?? '';
  const qs = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
  return {
    query: route.searchQuery ? searchParamsFor(qs, brand, route.passKeys) : new URLSearchParams(qs),
    params: request.params as Record<string, string>,
    body: request.body,
    headers: request.headers as Record<string, string>,
    signal: abortOnClose(request),
  };
}

export async function proxyRoutes(app: FastifyInstance, opts: { client: UpstreamClient; brandOf: (r: FastifyRequest) => string }) {
  for (const route of opts.client.routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const result = await opts.client.call(route.name, buildCall(route, request, opts.brandOf(request)));
        if (result.fallback) reply.header('x-fallback', result.fallback);
        reply.header('cache-control', 'no-store');
        if (result.headers?.['content-type']) reply.type(result.headers['content-type']);
        return reply.code(result.status).send(result.data);
      },
    });
  }
}
