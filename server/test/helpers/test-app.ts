import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieOf, PASSWORD, signUp, type ApiUser, type Send } from '@torque/testkit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { seedDemoData } from '../../src/db/seed.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';
import { answerCheck, injectedAnswer, type Answer } from './openapi-answers.ts';

export const ADMIN_EMAIL = 'admin@torque.test';
export { PASSWORD };

/** Someone signed up through the app: session cookie and access token (@torque/testkit's ApiUser). */
export type TestUser = ApiUser;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  /** A request with a user's access token (or none for anonymous). */
  inject(options: InjectOptions, as?: TestUser | null): Promise<LightMyRequestResponse>;
  /** Fails unless the OpenAPI document allows the answer (every injected one is checked already). */
  checkAnswer(answer: Answer): void;
  /** The test kit's transport: `addPart(t, …)`, `placeOrder(t, …)` reach the app through inject. */
  send: Send;
  signUp(email: string, name?: string): Promise<TestUser>;
  admin(): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
}

/** Builds the real app on a fresh database of the given kind, reached through HTTP inject. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'torque-test-')),
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ADMIN_EMAILS: ADMIN_EMAIL,
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'torque-no-web-dist'),
    // Never the real VIES from a test: nothing listens here, so a check is "VIES unavailable" at
    // once; tax tests point it at their stand-in (the test kit's fake-vies.ts).
    VIES_URL: 'http://127.0.0.1:9/rest-api',
    ...options.env,
  });
  if (options.seed !== false) await seedDemoData(db.database.db);
  const app = await buildApp({ config, database: db.database, logger: false });
  const checkAnswer = await checkAnswersAgainstDocument(app);
  let adminUser: TestUser | undefined;

  const inject = (opts: InjectOptions, as?: TestUser | null) =>
    app.inject({
      ...opts,
      headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...opts.headers },
    });

  const send: Send = async ({ method, path: url, headers, body }) => {
    const res = await app.inject({ method: method as InjectOptions['method'], url, headers, payload: body });
    return { status: res.statusCode, headers: headersOf(res), text: res.body };
  };

  return {
    app,
    config,
    db,
    inject,
    checkAnswer,
    send,
    signUp: (email, name) => signUp({ send }, email, { name }),
    async admin() {
      adminUser ??= await signUp({ send }, ADMIN_EMAIL, { name: 'Ada Admin' });
      return adminUser;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * Every answer a test receives (`t.inject`, `t.send`, `t.app.inject`) is checked against the
 * OpenAPI document the app serves (openapi-answers.ts): an answer the document does not allow
 * fails the test that asked, so the document cannot drift from what the routes really answer.
 * Returns the check, for answers a test reads itself (the fuzz suite's streams).
 */
async function checkAnswersAgainstDocument(app: FastifyInstance): Promise<(answer: Answer) => void> {
  const check = await answerCheck(app.swagger());
  const assertAllowed = (answer: Answer) => {
    const problem = check(answer);
    if (problem) throw new assert.AssertionError({ message: problem });
  };
  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options);
    assertAllowed(injectedAnswer(res));
    return res;
  };
  // Unchecked here, as Fastify has them: the chain form (no options), the callback form, and an
  // answer asked for as a stream, whose body only the caller can read (and check).
  const unchecked = (options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined || (typeof options === 'object' && options.payloadAsStream);
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    unchecked(options, callback)
      ? inject(options as InjectOptions, callback as never)
      : checked(options!)) as FastifyInstance['inject'];
  return assertAllowed;
}

/** An injected response's headers as fetch's `Headers` (Set-Cookie kept one per cookie). */
function headersOf(res: LightMyRequestResponse): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
  return headers;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const sessionCookie = (res: LightMyRequestResponse): string => cookieOf(headersOf(res));

/** Every error body has the same shape. */
export function errorOf(res: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  const body = res.json() as { error?: { code: string; message: string; fields?: Record<string, string> } };
  if (!body.error || typeof body.error.code !== 'string' || typeof body.error.message !== 'string') {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body.error;
}

/** `Link: <…>; rel="next"` → the address it names, or null. */
export function nextLink(res: LightMyRequestResponse): string | null {
  const link = res.headers.link;
  if (link === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  assert.ok(match, `a Link header of one rel="next": ${String(link)}`);
  return match[1]!;
}
