/**
 * Requests as a client sends them raw, not as a browser or an HTTP library would tidy them:
 * malformed ones get an answer that says `Connection: close` and the connection is ended cleanly
 * after it (no reset), so a pooling proxy in front does not send another person's request on a
 * connection the gateway is closing; page paths with dot segments are resolved before anything
 * else (never a redirect to a 404); page URLs over the query limits are normalised, not refused.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

/** Writes raw bytes on a new connection; resolves with what came back and how the socket ended. */
function raw(port: number, bytes: Buffer): Promise<{ text: string; ended: 'end' | 'reset' }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ended: 'end' | 'reset' = 'end';
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET') ended = 'reset';
      else reject(e);
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), ended }));
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.write(bytes);
  });
}

describe('malformed requests at the socket', () => {
  let up: Upstream;
  let gw: TestGateway;
  let port: number;

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    port = (gw.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });

  it.each([
    [
      'raw non-ASCII bytes in the request line',
      Buffer.concat([Buffer.from('GET /cars-for-sale?city=S'), Buffer.from([0xe3, 0xa3]), Buffer.from('o HTTP/1.1\r\nHost: a\r\n\r\n')]),
    ],
    ['a header without a colon', Buffer.from('GET /healthz HTTP/1.1\r\nHost: a\r\nnot a header\r\n\r\n')],
    ['a space in the path', Buffer.from('GET /cars for sale HTTP/1.1\r\nHost: a\r\n\r\n')],
  ])('answers %s with 400 and Connection: close, then ends the connection cleanly', async (_what, bytes) => {
    const { text, ended } = await raw(port, bytes);
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(text).toContain('"error":"Malformed HTTP request"');
    expect(ended).toBe('end');
  });

  const get = (path: string) =>
    new Promise<{ status: number; location?: string; type?: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0' } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, type: res.headers['content-type'] }));
        })
        .on('error', reject);
    });

  it.each([
    ['/cars-for-sale/all/../suv/', 404, undefined],
    ['/cars-for-sale/all/%2e%2e/suv/', 404, undefined],
    ['/cars-for-sale/all/../../etc/passwd', 404, undefined],
    ['/cars-for-sale/all/suv/../ford', 301, '/cars-for-sale/all/ford?listingType=USED'],
    ['/cars-for-sale/all/./ford?listingType=USED', 301, '/cars-for-sale/all/ford?listingType=USED'],
  ])('resolves the dot segments of %s before anything else', async (path, status, location) => {
    const res = await get(path);
    expect([res.status, res.location]).toEqual([status, location]);
  });

  it('normalises a page URL over the query limits instead of refusing it', async () => {
    const long = await get(`/cars-for-sale?makeCode=FORD&keywordPhrases=${'x'.repeat(5000)}`);
    expect([long.status, long.location]).toEqual([301, '/cars-for-sale?listingType=USED&makeCode=FORD']);
    const repeated = await get(`/cars-for-sale?${'makeCode=FORD&'.repeat(60)}zip=30301`);
    expect(repeated.status).toBe(301);
    expect(repeated.location).toContain('makeCode=FORD');
    expect(repeated.location).toContain('zip=30301');
    const followed = await get(repeated.location!);
    expect(followed.status).toBe(200);
    expect(followed.type).toBe('text/html; charset=utf-8');
  });

  it('serves a well-formed request that follows on a new connection', async () => {
    const { text } = await raw(port, Buffer.from('GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});
