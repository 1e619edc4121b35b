import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeViesMode = 'valid' | 'invalid' | 'down' | 'busy';

/**
 * A local stand-in for the EU's VIES REST API (VIES_URL), as the Stripe stand-in is for Stripe:
 * `POST /check-vat-number` with `{ countryCode, vatNumber }` answers `{ valid }` the way VIES
 * does. What it answers is set on demand, per number (`answer('FR40303265045', 'valid')`) or for
 * every number (`mode`): 'down' answers 503, 'busy' VIES's MS_UNAVAILABLE. Unknown numbers: invalid.
 * The server's tests and the e2e suite's German seller both use it.
 */
export async function startFakeVies() {
  const byNumber = new Map<string, FakeViesMode>();
  let mode: FakeViesMode | null = null;
  const requests: { countryCode: string; vatNumber: string }[] = [];

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/check-vat-number')) return send(404, { message: 'Not found' });
    let body: { countryCode?: string; vatNumber?: string };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, { errorWrappers: [{ error: 'INVALID_INPUT' }] });
    }
    const countryCode = String(body.countryCode ?? '');
    const vatNumber = String(body.vatNumber ?? '');
    requests.push({ countryCode, vatNumber });
    const answer = mode ?? byNumber.get(`${countryCode}${vatNumber}`) ?? 'invalid';
    if (answer === 'down') return send(503, { message: 'Service unavailable' });
    if (answer === 'busy') return send(200, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
    return send(200, {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid: answer === 'valid',
      name: answer === 'valid' ? 'TEST COMPANY' : '---',
      address: '---',
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/rest-api`,
    requests,
    /** What VIES says of one number (its prefix included, as VIES's countryCode + vatNumber). */
    answer(vat: string, answer: FakeViesMode) {
      byNumber.set(vat, answer);
    },
    /** What it says of every number (null: per number again). */
    setMode(next: FakeViesMode | null) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeVies = Awaited<ReturnType<typeof startFakeVies>>;
