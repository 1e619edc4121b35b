import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequestOptions {
  method: string;
  /** Sent on the request line exactly as written, as `curl --path-as-is` does. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One request through a real socket with its path untouched. `fetch` and `app.inject` both
 * resolve `.`/`..` and `%2e` segments and turn backslashes into slashes before anything is sent
 * (WHATWG URL parsing), so neither can show what the server does with the path an attacker
 * types; node:http's client puts `path` on the wire as given.
 */
export function rawRequest(port: number, options: RawRequestOptions): Promise<RawAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(15_000, () =>
      request.destroy(new Error(`${options.method} ${options.path}: no answer in 15 s`)),
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Starts the app on a port of the OS's choosing (127.0.0.1) and answers the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}
