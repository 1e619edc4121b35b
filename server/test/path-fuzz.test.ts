import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { databaseKinds } from './helpers/databases.ts';
import { listenLocally } from './helpers/raw-http.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { mangledPath, pathForms, type PathForm } from './fuzz/path-forms.ts';

/**
 * Issue 24: every route of the authorization matrix (`app.routeAccess`, which that suite pins to
 * its rows) and every endpoint better-auth serves behind `/api/auth/*`, each spelt every other way
 * (fuzz/path-forms.ts: dot segments, encoded slashes, doubled slashes, …) and sent through a
 * real socket as an admin with a session: nothing may reach a handler under a form other than its
 * own. Fastify announces each handler it runs on the `tracing:fastify.request.handler:start`
 * diagnostics channel; a refused form is answered 404 before routing, so it announces none.
 *
 * FUZZ_SEED=<n> replays the random combinations; FUZZ_PATH_RUNS sets how many per route (20).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_PATH_RUNS ?? 20);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A plain path for a route's pattern: parameters filled in, the catch-all by each endpoint. */
function plainPaths(pattern: string, authEndpoints: string[]): string[] {
  const filled = pattern
    .replace(':email', encodeURIComponent('fuzz-owner@torque.test'))
    .replace(':token', 'sometoken')
    .replace(/:\w+/g, SAMPLE_ID);
  if (!filled.endsWith('/*')) return [filled];
  const base = filled.slice(0, -2);
  return authEndpoints.map((endpoint) => base + endpoint.replace(/:\w+/g, 'sometoken'));
}

/** The API error body's `error`, if `text` is one. */
function errorIn(text: string): { code?: string; message?: string } | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string; message?: string } } | null)?.error;
  } catch {
    return undefined;
  }
}

interface HandlerStart {
  /** The pattern of the route whose handler ran (`/api/auth/*` for the catch-all). */
  route: string;
}

for (const kind of databaseKinds()) {
  describe(`no other spelling of a path reaches a handler (${kind})`, () => {
    let t: TestApp;
    let port: number;
    let admin: TestUser;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    /** Handler starts by the x-path-fuzz header of the request that ran them. */
    const started = new Map<string, HandlerStart[]>();
    const onStart = (message: unknown) => {
      const { request, route } = message as { request: FastifyRequest; route: { url: string } };
      const id = request.headers['x-path-fuzz'];
      if (typeof id !== 'string') return;
      started.set(id, [...(started.get(id) ?? []), { route: route.url }]);
    };
    let sent = 0;

    before(async () => {
      diagnostics.subscribe('tracing:fastify.request.handler:start', onStart);
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      port = await listenLocally(t.app);
    });
    after(async () => {
      diagnostics.unsubscribe('tracing:fastify.request.handler:start', onStart);
      agent.destroy();
      await t?.close();
    });

    /** Sends `path` as written, as the admin; answers the status, body and the handlers it ran. */
    function send(method: string, path: string): Promise<{ status: number; body: string; ran: HandlerStart[] }> {
      const id = String(++sent);
      const body = method === 'GET' ? undefined : '{}';
      const headers: Record<string, string> = {
        'x-path-fuzz': id,
        authorization: `Bearer ${admin.token}`,
        cookie: admin.cookie,
        ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
      };
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ran: started.get(id) ?? [] }));
        });
        req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer`)));
        req.on('error', reject);
        req.end(body);
      });
    }

    /**
     * Why the server's answer to `form` is not a refusal before routing, or null when it is: no
     * handler ran and the answer is the 404 for paths not in their plain form. A target that is
     * neither a path nor an absolute URL never gets that far: Node's HTTP parser answers 400.
     */
    async function notRefused(method: string, { form, how }: PathForm, of: string): Promise<string | null> {
      const said = `${method} ${form} (${of}, ${how})`;
      const res = await send(method, form);
      if (res.ran.length > 0) return `${said} reached ${res.ran.map((r) => r.route).join(', ')}`;
      const error = errorIn(res.body);
      const refused = /^(\/|http:)/.test(form)
        ? res.status === 404 && error?.code === 'NOT_FOUND' && /plain form/.test(String(error.message))
        : res.status === 400 && error?.code === 'BAD_REQUEST';
      return refused ? null : `${said}: ${res.status} ${res.body.slice(0, 160)}`;
    }

    async function assertRefused(method: string, form: PathForm, of: string): Promise<void> {
      const problem = await notRefused(method, form, of);
      assert.equal(problem, null);
    }

    const routes = () => {
      const api = t.app.identity.auth.api as Record<string, { path?: string }>;
      const authEndpoints = Object.values(api).flatMap((e) => (e.path ? [e.path] : []));
      return [...t.app.routeAccess.keys()].map((route) => {
        const [method, pattern] = route.split(' ') as [string, string];
        return { route, method, paths: plainPaths(pattern, authEndpoints) };
      });
    };

    test('the instrument sees handlers run: plain paths reach their own route', async () => {
      for (const [path, route] of [
        ['/api/health', '/api/health'],
        ['/api/parts', '/api/parts'],
        ['/api/auth/ok', '/api/auth/*'],
      ] as const) {
        const res = await send('GET', path);
        assert.equal(res.status, 200, `${path}: ${res.body.slice(0, 200)}`);
        assert.deepEqual(res.ran, [{ route }], path);
      }
    });

    test('every single change of every route path is refused before any handler', async (tc) => {
      let forms = 0;
      const problems: string[] = [];
      // `/api/docs` + '/' is the plain path of another route, GET /api/docs/: not another spelling.
      const plain = new Set(routes().flatMap((r) => r.paths));
      for (const { method, paths } of routes())
        for (const path of paths)
          for (const form of pathForms(path).filter((f) => !plain.has(f.form))) {
            const problem = await notRefused(method, form, path);
            if (problem) problems.push(problem);
            forms += 1;
          }
      const reached = problems.filter((p) => p.includes(' reached ')).length;
      tc.diagnostic(
        `${forms} forms of ${routes().length} routes sent: ${problems.length} not refused, ${reached} reached a handler`,
      );
      assert.deepEqual(problems.slice(0, 30), [], `${problems.length} of ${forms} forms were not refused`);
      assert.ok(forms > 2000, `${forms} forms`);
    });

    test('random combinations of changes are refused before any handler', async (tc) => {
      let forms = 0;
      for (const { route, method, paths } of routes()) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...paths).chain(mangledPath), async (form) => {
            forms += 1;
            await assertRefused(method, form, route);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      }
      tc.diagnostic(`FUZZ_SEED=${SEED}: ${forms} combined forms refused`);
    });

    // A trailing slash is a plain path to the single-page app (its router reads `/login/` as
    // `/login`, and every page path gets the same document): only the other spellings are refused.
    test('the single-page app is refused in other spellings too', async () => {
      for (const path of ['/dashboard/my-orders', '/purchase/' + SAMPLE_ID, '/login'])
        for (const form of pathForms(path).filter((f) => f.form !== `${path}/`)) await assertRefused('GET', form, path);
    });
  });
}
