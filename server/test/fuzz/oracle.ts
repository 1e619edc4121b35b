import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/test-app.ts';
import { describeRequest, type FuzzRequest } from './requests.ts';
import { differences, snapshots, type Snapshot } from './snapshot.ts';

/** An answer; its body is read only when it is not a success (a 2xx may be a 4 MB script). */
interface Answer {
  statusCode: number;
  contentType: string;
  headers: LightMyRequestResponse['headers'];
  body: string;
}

async function answerOf(res: LightMyRequestResponse): Promise<Answer> {
  const stream = res.stream();
  const answer = {
    statusCode: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    headers: res.headers,
    body: '',
  };
  if (res.statusCode >= 200 && res.statusCode < 300) {
    stream.resume();
    return answer;
  }
  for await (const chunk of stream) answer.body += chunk;
  return answer;
}

interface ErrorShape {
  error?: { code?: unknown; message?: unknown };
  code?: unknown;
  message?: unknown;
}

/**
 * The API's `{ error: { code, message } }`. better-auth's own routes answer with its
 * `{ code?, message }` (some of its errors have no code), which web/src/lib/http.ts reads.
 */
function assertErrorBody(res: Answer, identity: boolean, said: string): void {
  assert.match(res.contentType, /^application\/json/, `${said}\nis not JSON`);
  let body: ErrorShape;
  try {
    body = JSON.parse(res.body) as ErrorShape;
  } catch {
    assert.fail(`${said}\nis not JSON`);
  }
  const api = typeof body?.error?.code === 'string' && typeof body.error.message === 'string';
  const auth = identity && typeof body?.message === 'string' && ['string', 'undefined'].includes(typeof body.code);
  assert.ok(api || auth, `${said}\nhas no error body`);
}

export interface CheckOptions {
  /** The caller's headers, which win over the generated ones. */
  credentials: Record<string, string>;
  /** A better-auth route, which answers errors in its own shape. */
  identity?: boolean;
  /** Run after a success, before the new state is taken as the baseline. */
  afterSuccess?: () => Promise<void>;
}

/**
 * What every answer must satisfy: below 500; a 4xx carries the error body; anything but a 2xx
 * leaves the database as it found it (a 2xx may change it, and becomes the new baseline).
 */
export async function createOracle(t: TestApp) {
  const database = await snapshots(t.db.database.db);
  let last: Snapshot = await database.current();
  return {
    /** Returns the answer's status, for the run's statistics. */
    async check(req: FuzzRequest, role: string, options: CheckOptions): Promise<number> {
      const headers = { ...req.headers, ...options.credentials };
      let res: Answer;
      try {
        const sent = await t.app.inject({
          method: req.method,
          url: req.url,
          headers,
          payloadAsStream: true,
          ...(req.payload !== undefined && { payload: req.payload }),
        });
        res = await answerOf(sent);
      } catch (error) {
        throw new Error(`the request could not be sent (a generator bug): ${describeRequest(req, role)}`, {
          cause: error,
        });
      }
      const said = `${describeRequest(req, role)}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
      assert.ok(res.statusCode < 500, said);
      if (res.statusCode >= 200 && res.statusCode < 300) {
        await options.afterSuccess?.();
        last = await database.current();
        return res.statusCode;
      }
      if (res.statusCode >= 400) {
        assertErrorBody(res, options.identity ?? false, said);
        const { method, url } = req;
        t.checkAnswer({ method, url, statusCode: res.statusCode, headers: res.headers, body: () => res.body });
      }
      const now = await database.current();
      const changed = differences(last, now);
      last = now;
      assert.deepEqual(changed, [], `${said}\nchanged the database although it was refused`);
      return res.statusCode;
    },
    /** Takes the database as it is now as the baseline (after the fixtures changed it). */
    async resync(): Promise<void> {
      last = await database.current();
    },
  };
}
export type Oracle = Awaited<ReturnType<typeof createOracle>>;
