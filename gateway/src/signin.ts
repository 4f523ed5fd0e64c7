/**
 * The sign-in page at the configured path (SIGNIN_PATH, default /account/signin), proxied to the
 * upstream's sign-in page. The page opens it with defaultScreen=signup and a return URL.
 *
 * - returnUrl is same-origin only (security.ts safeReturnUrl): anything else becomes the page
 *   with empty filters (in its normal form: no 301 after the 303), both in the page the upstream
 *   renders and in the redirect after signing in.
 * - The upstream's Location header is never passed on: after a successful sign-in the gateway
 *   itself answers 303 to the checked return URL.
 * - The page keeps a policy at least as strict as the upstream's: the gateway's sign-in policy
 *   (no script, no framing: security.ts SIGN_IN_CSP, the embedded upstream's own) and any policy
 *   the call's answer carries, all enforced (security.ts signInCsp).
 * - The upstream's Set-Cookie (the signed-in cookie) reaches the browser HttpOnly, SameSite=Lax,
 *   Secure when served over TLS, without a Domain.
 * - The POST is a write like every other (security.ts writeGuard): rate limited per client, refused
 *   cross-site (no login CSRF), and read only as the sign-in form posts it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FALLBACK_HEADER } from '@cfs/contracts';
import type { GatewayConfig } from './config';
import type { CallResult, UpstreamClient } from './proxy/client';
import { hardenSetCookie, ownOrigin, safeReturnUrl, servedOverTls, signInCsp } from './security';
import { brandForHost } from './brands';
import { emptySearchUrl } from './page/routes';
import { documentHeaders } from './page/headers';

const SCREENS = ['signin', 'signup'];

function passCookies(reply: FastifyReply, res: CallResult, secure: boolean) {
  const raw = res.headers?.['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  if (list.length)
    reply.header(
      'set-cookie',
      list.map((c) => hardenSetCookie(c, secure)),
    );
}

function sendUpstream(reply: FastifyReply, res: CallResult) {
  if (res.fallback) reply.header(FALLBACK_HEADER, res.fallback);
  documentHeaders(reply, 'signInPage');
  // Any policy of the upstream's stays in force beside the gateway's (security.ts signInCsp).
  reply.header('content-security-policy', signInCsp(res.headers?.['content-security-policy']));
  const ct = res.headers?.['content-type'];
  if (Buffer.isBuffer(res.data) || typeof res.data === 'string') {
    reply.type(typeof ct === 'string' ? ct : 'text/html; charset=utf-8');
    return reply.code(res.status).send(res.data);
  }
  return reply.code(res.status).type('application/json; charset=utf-8').send(JSON.stringify(res.data));
}

export async function signInRoutes(app: FastifyInstance, opts: { config: GatewayConfig; client: UpstreamClient }) {
  const { config, client } = opts;
  const path = config.signInPath;
  /** The checked return URL: same-origin only, else the page with empty filters. */
  const returnUrlOf = (request: FastifyRequest, raw: string | undefined) => {
    const home = emptySearchUrl(brandForHost(request.headers.host, config.brandHosts));
    return safeReturnUrl(raw ?? home, ownOrigin(request, config), home);
  };
  const querystring = {
    type: 'object',
    properties: {
      defaultScreen: { type: 'string', enum: SCREENS },
      returnUrl: { type: 'string', maxLength: 2000 },
    },
  };

  app.get<{ Querystring: { defaultScreen?: string; returnUrl?: string } }>(path, { schema: { querystring } }, async (request, reply) => {
    const returnUrl = returnUrlOf(request, request.query.returnUrl);
    const res = await client.call('signInPage', {
      query: { defaultScreen: request.query.defaultScreen ?? 'signin', returnUrl },
      headers: request.headers as Record<string, string>,
      raw: true,
    });
    return sendUpstream(reply, res);
  });

  app.post<{ Querystring: { returnUrl?: string }; Body: Record<string, unknown> }>(
    path,
    {
      schema: {
        querystring,
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 200 },
            screen: { type: 'string', enum: SCREENS },
            returnUrl: { type: 'string', maxLength: 2000 },
          },
          // The identity service's form decides its other fields (names, consent...), and refuses
          // one it does not have by name (400, passed on); here, short strings only.
          additionalProperties: { type: 'string', maxLength: 500 },
          maxProperties: 20,
        },
      },
      config: { write: 'form' },
    },
    async (request: FastifyRequest<{ Querystring: { returnUrl?: string }; Body: Record<string, unknown> }>, reply) => {
      const returnUrl = returnUrlOf(request, (request.body.returnUrl as string | undefined) ?? request.query.returnUrl);
      const res = await client.call('signIn', {
        body: { ...request.body, returnUrl },
        headers: request.headers as Record<string, string>,
        raw: true,
      });
      passCookies(reply, res, servedOverTls(request, config));
      if (res.status >= 300 && res.status < 400 && !res.fallback) {
        // Signed in: go back where the person came from (same origin only), whatever the upstream said.
        return documentHeaders(reply, 'signInRedirect').redirect(returnUrl, 303);
      }
      if (res.ok && !res.fallback && res.headers?.['set-cookie']) {
        return documentHeaders(reply, 'signInRedirect').redirect(returnUrl, 303);
      }
      return sendUpstream(reply, res);
    },
  );
}
