/** Calls to the gateway from remotes and the shell: JSON, same origin, abortable. */
import { FALLBACK_HEADER, IDENTITY_UNKNOWN } from '@cfs/contracts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** designed: the failure of a call whose answer was not the shopper's own (the account could not be checked). */
export const ACCOUNT_NOT_CHECKED = 'Your account could not be checked just now.';

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(headers as Record<string, string> | undefined),
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  // The account could not be checked: the gateway made the call as for a signed-out shopper, so
  // what a read answered is not the shopper's own (a list that could not be loaded, not an empty
  // one). A write proceeded as the spec says, and its answer is its outcome.
  const reading = !rest.method || rest.method.toUpperCase() === 'GET';
  if (reading && res.headers?.get?.(FALLBACK_HEADER) === IDENTITY_UNKNOWN) throw new ApiError(503, ACCOUNT_NOT_CHECKED, body);
  if (!res.ok) {
    const msg = body && typeof body === 'object' && 'error' in body ? String((body as { error: unknown }).error) : res.statusText;
    throw new ApiError(res.status, msg || `HTTP ${res.status}`, body);
  }
  return body as T;
}
