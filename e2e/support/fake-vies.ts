import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVies {
  /** The server's VIES_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * A local stand-in for the EU's VIES REST API (the server's VIES_URL), like the server tests'
 * `test/helpers/fake-vies.ts` but smaller: `POST /check-vat-number` with `{ countryCode,
 * vatNumber }` answers `{ valid: true }` for the numbers in `valid` (prefix included, e.g.
 * `FR40303265045`) and `{ valid: false }` for every other one, as VIES does for a number it
 * does not know.
 */
export async function startFakeVies(valid: readonly string[]): Promise<FakeVies> {
  const known = new Set(valid);
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/check-vat-number')) return send(404, { message: 'Not found' });
    let body: { countryCode?: unknown; vatNumber?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, { errorWrappers: [{ error: 'INVALID_INPUT' }] });
    }
    const countryCode = String(body.countryCode ?? '');
    const vatNumber = String(body.vatNumber ?? '');
    const isValid = known.has(`${countryCode}${vatNumber}`);
    return send(200, {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid: isValid,
      name: isValid ? 'TEST COMPANY' : '---',
      address: '---',
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest-api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
