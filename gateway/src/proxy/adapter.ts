/**
 * An axios adapter over undici connection pools (one keep-alive pool per upstream origin).
 *
 * Why: axios stays the client API (config, interceptors, errors, transformResponse), but its
 * default Node adapter goes through node:http's ClientRequest and collects the response stream,
 * which cost about a quarter more CPU per proxied call than undici in `npm run bench -w gateway`
 * (the benchmark measures both adapters). Over undici the same axios call costs about what
 * @fastify/http-proxy pays.
 *
 * What it keeps of axios's contract:
 * - baseURL + url, with `allowAbsoluteUrls: false` honoured (an absolute or protocol-relative
 *   url is refused with ERR_INVALID_URL instead of being combined or followed);
 * - params (URLSearchParams or a plain object), the transformed request data, headers;
 * - `timeout` as a per-call deadline (the request is aborted; the error is ECONNABORTED, or
 *   ETIMEDOUT with transitional.clarifyTimeoutError), and `signal` (the caller's abort gives a
 *   CanceledError, so axios.isCancel works);
 * - no redirects are ever followed (undici's request API does not follow them);
 * - maxContentLength, validateStatus, responseType ('arraybuffer' gives a Buffer, 'stream' the
 *   body stream, anything else a string that axios's transformResponse parses as JSON). A JSON
 *   object or array asked for as 'json' is parsed here instead, from its bytes read the fast way
 *   (json-text.ts), unless the call has a parseReviver; axios passes a parsed value on as it is.
 *   Anything else stays text for axios.
 */
import { Pool } from 'undici';
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { jsonText } from '../json-text';

export interface UndiciAdapterOptions {
  /** Connections per upstream origin (keep-alive). */
  connections?: number;
  /** How long an idle keep-alive connection is kept. */
  keepAliveTimeoutMs?: number;
}

export interface UndiciAdapter {
  adapter: AxiosAdapter;
  /** Open pools, by origin (for metrics and tests). */
  pools: Map<string, Pool>;
  close(): Promise<void>;
}

/** A JSON object or array, parsed; anything else (a literal, text that is not JSON) as text, which axios then reads as it always does. */
function jsonAnswer(buf: Buffer): unknown {
  const first = buf.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
  if (first === 0x7b || first === 0x5b) {
    try {
      return JSON.parse(jsonText(buf)) as unknown;
    } catch {
      // Not JSON after all: axios's own handling of it.
    }
  }
  return buf.toString('utf8');
}

const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

interface Base {
  origin: string;
  basePath: string;
}

function serializeParams(params: unknown): string {
  if (!params) return '';
  if (params instanceof URLSearchParams) return params.toString();
  if (typeof params !== 'object') return '';
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
  }
  return out.toString();
}

function plainHeaders(h: InternalAxiosRequestConfig['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  const json = (h instanceof AxiosHeaders ? h : AxiosHeaders.from(h as never)).toJSON(true) as Record<string, unknown>;
  for (const [k, v] of Object.entries(json)) {
    if (v === undefined || v === null || v === false) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

export function createUndiciAdapter(opts: UndiciAdapterOptions = {}): UndiciAdapter {
  const pools = new Map<string, Pool>();
  const bases = new Map<string, Base>();

  const poolFor = (origin: string) => {
    let p = pools.get(origin);
    if (!p) {
      p = new Pool(origin, {
        connections: opts.connections ?? 128,
        keepAliveTimeout: opts.keepAliveTimeoutMs ?? 4000,
        pipelining: 1,
      });
      pools.set(origin, p);
    }
    return p;
  };

  const baseOf = (baseURL: string): Base => {
    let b = bases.get(baseURL);
    if (!b) {
      const u = new URL(baseURL);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`unsupported upstream protocol ${u.protocol}`);
      b = { origin: u.origin, basePath: u.pathname.replace(/\/+$/, '') };
      bases.set(baseURL, b);
    }
    return b;
  };

  const adapter: AxiosAdapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const url = config.url ?? '';
      if (!config.baseURL) {
        reject(new AxiosError('the upstream client needs a baseURL', AxiosError.ERR_INVALID_URL, config));
        return;
      }
      if (ABSOLUTE.test(url) && config.allowAbsoluteUrls === false) {
        reject(new AxiosError(`absolute URLs are refused: ${url}`, AxiosError.ERR_INVALID_URL, config));
        return;
      }
      let base: Base;
      try {
        base = baseOf(config.baseURL);
      } catch (err) {
        reject(AxiosError.from(err as Error, AxiosError.ERR_INVALID_URL, config));
        return;
      }
      const qs = serializeParams(config.params);
      let path = `${base.basePath}${url.startsWith('/') ? url : `/${url}`}`;
      if (qs) path += `${path.includes('?') ? '&' : '?'}${qs}`;

      const callerSignal = config.signal as AbortSignal | undefined;
      if (callerSignal?.aborted) {
        reject(new axios.CanceledError(undefined, config));
        return;
      }
      const ctrl = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const timeout = config.timeout ?? 0;
      if (timeout > 0) {
        timer = setTimeout(() => {
          timedOut = true;
          ctrl.abort();
        }, timeout);
      }
      const onAbort = () => ctrl.abort();
      callerSignal?.addEventListener?.('abort', onAbort, { once: true });
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        callerSignal?.removeEventListener?.('abort', onAbort);
      };
      const fail = (err: unknown) => {
        cleanup();
        if (timedOut) {
          const clarify = config.transitional?.clarifyTimeoutError;
          reject(
            new AxiosError(
              config.timeoutErrorMessage || `timeout of ${timeout}ms exceeded`,
              clarify ? AxiosError.ETIMEDOUT : AxiosError.ECONNABORTED,
              config,
            ),
          );
        } else if (callerSignal?.aborted) {
          reject(new axios.CanceledError(undefined, config));
        } else if (err instanceof AxiosError) {
          reject(err);
        } else {
          const e = err as NodeJS.ErrnoException;
          reject(AxiosError.from(e, e?.code ?? AxiosError.ERR_NETWORK, config));
        }
      };

      const method = (config.method ?? 'get').toUpperCase() as 'GET';
      const data = config.data as string | Buffer | undefined;
      poolFor(base.origin)
        .request({
          method,
          path,
          headers: plainHeaders(config.headers),
          body: method === 'GET' || method === ('HEAD' as string) ? undefined : (data ?? undefined),
          signal: ctrl.signal,
        })
        .then(async (res) => {
          const headers = AxiosHeaders.from(res.headers as Record<string, string>);
          let body: unknown;
          if (config.responseType === 'stream') {
            body = res.body;
          } else {
            const max = config.maxContentLength ?? -1;
            const chunks: Buffer[] = [];
            let size = 0;
            for await (const chunk of res.body) {
              size += (chunk as Buffer).length;
              if (max > -1 && size > max) {
                res.body.destroy();
                throw new AxiosError(`maxContentLength size of ${max} exceeded`, AxiosError.ERR_BAD_RESPONSE, config);
              }
              chunks.push(chunk as Buffer);
            }
            const buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
            body =
              config.responseType === 'arraybuffer'
                ? buf
                : config.responseType === 'json' && !config.parseReviver
                  ? jsonAnswer(buf)
                  : buf.toString('utf8');
          }
          cleanup();
          const response: AxiosResponse = {
            data: body,
            status: res.statusCode,
            statusText: '',
            headers,
            config,
            request: { path, method },
          };
          const validate = config.validateStatus;
          if (!validate || validate(res.statusCode)) resolve(response);
          else
            reject(
              new AxiosError(
                `Request failed with status code ${res.statusCode}`,
                res.statusCode < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
                config,
                response.request,
                response,
              ),
            );
        })
        .catch(fail);
    });

  return {
    adapter,
    pools,
    async close() {
      await Promise.allSettled([...pools.values()].map((p) => p.destroy()));
      pools.clear();
    },
  };
}
