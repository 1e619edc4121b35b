import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { Order, Part } from '@torque/contract';
import { pgliteExtensions } from '../src/db/client.ts';
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts';
import { addPart, call, signUp, type Customer } from './resilience/http.ts';
import { startOrderLoad, whenPlaced, type SeenOrder } from './resilience/order-load.ts';
import { createScratchDatabase, migrationCount } from './resilience/postgres.ts';
import { startServer, type ServerProcess } from './resilience/server-process.ts';

/**
 * `kill -9` in the middle of an order load: no graceful shutdown, no flush, requests cut off
 * mid-transaction. What a client was told succeeded must still be there after a restart, the
 * stock must add up, and the database (for PGlite, files the dead process had open) must open.
 */
const KILLS = 3;
const CLIENTS = 10;
/** The load runs until this many orders are answered in a round, then the server is killed. */
const PLACED_BEFORE_KILL = 40;
const STOCK = 1_000_000;
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@crash.test`;

/** What a check reads straight from the database, with no server in between. */
type Sql = (text: string) => Promise<Record<string, unknown>[]>;

interface Target {
  env: Record<string, string>;
  /** Reads the database directly (PGlite: only once no server has it open). */
  withSql<T>(use: (sql: Sql) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
}

async function prepare(kind: DatabaseKind): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-crash-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      async withSql(use) {
        const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: await pgliteExtensions() });
        try {
          return await use(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
        } finally {
          await db.close();
        }
      },
      cleanup: removeDir,
    };
  }
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'crash');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    withSql: (use) => use((text) => database.query(text)),
    async cleanup() {
      await database.drop();
      await removeDir();
    },
  };
}

/** Runs `check` over `items`, ten at a time. */
async function inBatches<T>(items: T[], check: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 10) await Promise.all(items.slice(i, i + 10).map(check));
}

for (const kind of databaseKinds()) {
  describe(`crash safety: kill -9 during an order load (${kind})`, () => {
    let target: Target;
    let server: ServerProcess | undefined;
    let admin: Customer;
    let customers: Customer[];
    let partId: string;
    let catalogueSize: number;
    const kept: SeenOrder[] = [];
    const cancelled: SeenOrder[] = [];

    before(async () => {
      target = await prepare(kind);
      server = await startServer({ ...target.env, ADMIN_EMAILS: ADMIN, RATE_LIMIT_SCALE: '100' });
      admin = await signUp(server.url, ADMIN);
      customers = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) => signUp(server!.url, `client-${i}-${run}@crash.test`)),
      );
      partId = await addPart(server.url, admin, STOCK);
      catalogueSize = (await call<Part[]>(server.url, 'GET', '/api/parts')).body.length;
    });
    after(async () => {
      await server?.kill();
      await target?.cleanup();
    });

    /** After a restart: every answered order is there, every answered cancellation is not, stock adds up. */
    async function assertNothingLost(live: ServerProcess): Promise<{ stored: number; unanswered: number }> {
      await inBatches(kept, async ({ order, owner }) => {
        const res = await call<Order>(live.url, 'GET', `/api/order/${order._id}`, { token: owner.token });
        assert.equal(
          res.status,
          200,
          `order ${order._id}, answered 201 before the crash, is lost: ${JSON.stringify(res.body)}`,
        );
        assert.equal(res.body.quantity, order.quantity);
      });
      await inBatches(cancelled, async ({ order, owner }) => {
        const res = await call(live.url, 'GET', `/api/order/${order._id}`, { token: owner.token });
        assert.equal(res.status, 404, `order ${order._id} was cancelled (200) before the crash but is back`);
      });
      const all = await call<Order[]>(live.url, 'GET', '/api/orders', { token: admin.token });
      assert.equal(all.status, 200);
      const stored = all.body.filter((o) => o.partId === partId);
      const units = stored.reduce((sum, o) => sum + o.quantity, 0);
      const part = await call<Part>(live.url, 'GET', `/api/parts/${partId}`);
      assert.equal(part.body.available, STOCK - units, 'available = initial − the stored orders’ units');
      const catalogue = await call<Part[]>(live.url, 'GET', '/api/parts');
      assert.equal(catalogue.body.length, catalogueSize, 'a restart neither loses nor re-seeds the catalogue');
      const keptIds = new Set(kept.map((k) => k.order._id));
      return { stored: stored.length, unanswered: stored.filter((o) => !keptIds.has(o._id)).length };
    }

    test(`${KILLS} × kill -9 during ${CLIENTS} clients’ orders: nothing answered is lost, stock adds up, the server restarts`, async (t) => {
      for (let round = 1; round <= KILLS; round++) {
        const load = startOrderLoad(server!.url, customers, partId);
        await whenPlaced(load, PLACED_BEFORE_KILL);
        await server!.kill();
        const outcome = await load.done;
        assert.deepEqual(outcome.unexpected, [], 'before the kill every order and cancellation succeeded');
        kept.push(...outcome.kept);
        cancelled.push(...outcome.cancelled);

        server = await startServer({ ...target.env, ADMIN_EMAILS: ADMIN, RATE_LIMIT_SCALE: '100' });
        const { stored, unanswered } = await assertNothingLost(server);
        t.diagnostic(
          `kill ${round}: ${outcome.kept.length + outcome.cancelled.length + outcome.unsure.length} orders answered this round, ` +
            `${outcome.cutOff} requests cut off; ${stored} orders stored in all (${unanswered} of them stored although the crash cut off their answer)`,
        );
      }
    });

    test('after one more kill -9 the database opens in a fresh process: migrations and demo data once, stock adds up', async () => {
      await server!.kill();
      server = undefined;
      const facts = await target.withSql(async (sql) => ({
        migrations: Number((await sql('select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n),
        parts: Number((await sql('select count(*) as n from parts'))[0]!.n),
        stock: await sql(
          `select p.available + coalesce(sum(o.quantity), 0) as total from parts p left join orders o on o.part_id = p.id where p.id = '${partId}' group by p.available`,
        ),
      }));
      assert.equal(facts.migrations, migrationCount(), 'each migration applied once');
      assert.equal(facts.parts, catalogueSize, 'the demo catalogue seeded once (plus the test part)');
      assert.equal(Number(facts.stock[0]!.total), STOCK, 'available + ordered units = initial');
    });
  });
}
