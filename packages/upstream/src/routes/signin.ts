/**
 * The sign-in page (opts.signInPath, default /account/signin).
 *
 *   GET  <signInPath>?defaultScreen=signup|signin&returnUrl=/cars-for-sale?...
 *        a small accessible HTML form: email, first name, last name (each with a <label>), the
 *        return URL in a hidden field, a submit button.
 *   POST <signInPath>  (application/x-www-form-urlencoded or JSON: email, firstName, lastName, returnUrl)
 *        creates or loads the consumer by email (no password: this stands in for the real
 *        identity service), opens a session and answers 303 to the return URL with
 *        `Set-Cookie: cfs_session=<opaque random>; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`.
 *        The gateway adds Secure when it is served over TLS.
 *
 * Return URLs are same-origin relative paths only: they must start with '/' and not with '//' or
 * '/\' (and hold no backslash or control character); anything else becomes /cars-for-sale.
 * A bad form post answers 400 with the form again and the problem (role="alert") when the
 * request came from a form or accepts HTML, else 400 { error }. A field the form does not have is
 * such a problem, named ("The form has an unknown field 'x'"), never silently dropped.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getStore, releaseStore } from '../store';
import { SESSION_TTL_MS } from '../store/account-store';
import { emailProblem, handler } from '../store/http';

export const SESSION_COOKIE = 'cfs_session';
export const DEFAULT_RETURN_URL = '/cars-for-sale';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const EMAIL_MAX = 100;
const NAME_MAX = 50;
type Screen = 'signin' | 'signup';
/** The fields of the form this page renders; any other is refused by name. */
export const SIGN_IN_FIELDS = ['email', 'firstName', 'lastName', 'returnUrl', 'screen'] as const;

/** The return URL if it is a same-origin relative path, else /cars-for-sale. */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return DEFAULT_RETURN_URL;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_URL;
  // Browsers drop tabs and newlines and read '\' as '/': "/\t/evil.com" would become "//evil.com".
  // eslint-disable-next-line no-control-regex -- control characters are what this test rejects
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_URL;
  return value;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
}

export function signInPage(
  screen: Screen,
  returnUrl: string,
  values: FormValues = { email: '', firstName: '', lastName: '' },
  error?: string,
): string {
  const signup = screen === 'signup';
  const heading = signup ? 'Create your account' : 'Sign in';
  const other: Screen = signup ? 'signin' : 'signup';
  const otherText = signup ? 'Already have an account? Sign in' : 'New here? Create an account';
  const otherHref = `?defaultScreen=${other}&returnUrl=${encodeURIComponent(returnUrl)}`;
  const field = (id: string, label: string, type: string, value: string, autocomplete: string, extra = '') =>
    `<p><label for="${id}">${label}</label><br><input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(value)}"${extra}></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
</head>
<body>
<main>
<h1>${heading}</h1>
${error ? `<p role="alert" id="signin-error">${escapeHtml(error)}</p>` : ''}
<form method="post"${error ? ' aria-describedby="signin-error"' : ''}>
${field('email', 'Email', 'email', values.email, 'email', ` required maxlength="${EMAIL_MAX}"${error ? ' aria-invalid="true"' : ''}`)}
${field('firstName', 'First name', 'text', values.firstName, 'given-name', ` maxlength="${NAME_MAX}"`)}
${field('lastName', 'Last name', 'text', values.lastName, 'family-name', ` maxlength="${NAME_MAX}"`)}
<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}">
<input type="hidden" name="screen" value="${screen}">
<p><button type="submit">${signup ? 'Create account' : 'Sign in'}</button></p>
</form>
<p><a href="${escapeHtml(otherHref)}">${otherText}</a></p>
</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export async function signinRoutes(app: FastifyInstance, opts: { dataDir: string; signInPath: string }): Promise<void> {
  const signInPath = opts.signInPath || '/account/signin';
  if (!signInPath.startsWith('/')) throw new Error(`signInPath must start with '/' (got ${signInPath})`);
  const store = await getStore(opts.dataDir);
  app.addHook('onClose', async () => releaseStore(opts.dataDir));

  // Form posts without @fastify/formbody: parsed here, for this plugin's routes only.
  if (!app.hasContentTypeParser(FORM_TYPE)) {
    app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      const seen = new Map<string, string>();
      for (const [k, v] of new URLSearchParams(body as string)) if (!seen.has(k)) seen.set(k, v);
      done(null, Object.fromEntries(seen));
    });
  }

  const querystring = {
    type: 'object',
    properties: { defaultScreen: { type: 'string', enum: ['signin', 'signup'] }, returnUrl: { type: 'string', maxLength: 2000 } },
  };

  app.get(
    signInPath,
    { attachValidation: true, schema: { querystring } },
    handler<FastifyRequest<{ Querystring: { defaultScreen?: Screen; returnUrl?: string } }>>(async (request, reply) => {
      const { defaultScreen = 'signin', returnUrl } = request.query;
      return sendPage(reply, 200, signInPage(defaultScreen, safeReturnUrl(returnUrl ?? DEFAULT_RETURN_URL)));
    }),
  );

  app.post(
    signInPath,
    { attachValidation: true, schema: { querystring } },
    handler<FastifyRequest<{ Querystring: { defaultScreen?: Screen; returnUrl?: string } }>>(async (request, reply) => {
      const fromForm = String(request.headers['content-type'] ?? '').startsWith(FORM_TYPE);
      const wantsHtml = fromForm || String(request.headers.accept ?? '').includes('text/html');
      const body = (
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body : {}
      ) as Record<string, unknown>;
      const screen: Screen =
        body.screen === 'signup' || (body.screen === undefined && request.query.defaultScreen === 'signup') ? 'signup' : 'signin';
      const returnUrl = safeReturnUrl(text(body.returnUrl) ?? request.query.returnUrl ?? DEFAULT_RETURN_URL);
      const values: FormValues = {
        email: (text(body.email) ?? '').trim(),
        firstName: (text(body.firstName) ?? '').trim(),
        lastName: (text(body.lastName) ?? '').trim(),
      };

      let problem: string | null = null;
      const unknown = Object.keys(body).find((k) => !(SIGN_IN_FIELDS as readonly string[]).includes(k));
      if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
        problem = 'body must be a form or a JSON object';
      else if (unknown !== undefined) problem = `The form has an unknown field '${unknown.slice(0, 60)}'`;
      else if (body.email !== undefined && typeof body.email !== 'string') problem = 'email must be a string';
      else problem = emailProblem(values.email, EMAIL_MAX);
      for (const k of ['firstName', 'lastName'] as const) {
        if (problem) break;
        if (body[k] !== undefined && typeof body[k] !== 'string') problem = `${k} must be a string`;
        else if (values[k].length > NAME_MAX) problem = `${k} must be at most ${NAME_MAX} characters`;
        // eslint-disable-next-line no-control-regex -- control characters are what this test rejects
        else if (/[\u0000-\u001f\u007f<>]/.test(values[k])) problem = `${k} has characters a name cannot hold`;
      }
      if (problem) {
        if (wantsHtml) return sendPage(reply, 400, signInPage(screen, returnUrl, values, problem));
        return reply.code(400).send({ error: problem });
      }

      const { sessionId } = await store.signIn({
        email: values.email,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
      });
      reply.header(
        'set-cookie',
        `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`,
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(returnUrl, 303);
    }),
  );
}
