import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { seedDemoData } from '../../src/db/seed.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';

export const ADMIN_EMAIL = 'admin@torque.test';
export const PASSWORD = 'correct-horse-7';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  /** The better-auth session cookie. */
  cookie: string;
  /** The API access token from PUT /api/user/:email. */
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  /** A request with a user's access token (or none for anonymous). */
  inject(options: InjectOptions, as?: TestUser | null): Promise<LightMyRequestResponse>;
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
    ...options.env,
  });
  if (options.seed !== false) await seedDemoData(db.database.db);
  const app = await buildApp({ config, database: db.database, logger: false });
  let adminUser: TestUser | undefined;

  const inject = (opts: InjectOptions, as?: TestUser | null) =>
    app.inject({
      ...opts,
      headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...opts.headers },
    });

  async function signUp(email: string, name = email.split('@')[0]!): Promise<TestUser> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email, password: PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${res.statusCode} ${res.body}`);
    const cookie = sessionCookie(res);
    const exchange = await app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: { cookie },
      payload: { email },
    });
    if (exchange.statusCode !== 200)
      throw new Error(`token exchange for ${email} failed: ${exchange.statusCode} ${exchange.body}`);
    const body = exchange.json() as { accessToken: string; user: { _id: string } };
    return { id: body.user._id, email, name, cookie, token: body.accessToken };
  }

  return {
    app,
    config,
    db,
    inject,
    signUp,
    async admin() {
      adminUser ??= await signUp(ADMIN_EMAIL, 'Ada Admin');
      return adminUser;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : [raw].flat();
  return list.map((c) => c.split(';')[0]).join('; ');
}

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
