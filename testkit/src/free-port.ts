import { createServer, type AddressInfo } from 'node:net';

/**
 * A port the OS just handed out and released. For an app that must know its own URL before it
 * listens (PUBLIC_URL is baked into OAuth redirect URIs), so `listen({ port: 0 })` cannot do.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
