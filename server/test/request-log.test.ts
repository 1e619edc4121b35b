import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import { OneLineRequestLog } from '../src/server-options.ts';

/** A server with the app's request log, writing JSON lines into `lines`. */
async function serverWithLog(level: string, lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLineRequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

test('one log line per request at info, with method, url, status and time', async () => {
  const lines: Record<string, unknown>[] = [];
  const app = await serverWithLog('info', lines);
  await app.inject({ method: 'GET', url: '/ok?x=1' });
  await app.inject({ method: 'GET', url: '/nowhere' });
  await app.close();
  const requests = lines.filter((l) => l.msg === 'request');
  assert.equal(requests.length, 2, JSON.stringify(lines));
  assert.equal(lines.filter((l) => /incoming request|request completed/.test(String(l.msg))).length, 0);
  assert.deepEqual(
    requests.map(({ method, url, status }) => ({ method, url, status })),
    [
      { method: 'GET', url: '/ok?x=1', status: 200 },
      { method: 'GET', url: '/nowhere', status: 404 },
    ],
  );
  assert.equal(typeof requests[0]!.ms, 'number');
});

test('nothing per request at warn', async () => {
  const lines: Record<string, unknown>[] = [];
  const app = await serverWithLog('warn', lines);
  await app.inject({ method: 'GET', url: '/ok' });
  await app.close();
  assert.deepEqual(lines, []);
});
