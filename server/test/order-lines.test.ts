import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { order, type Order } from '@torque/contract';
import { addPart, createScratchDatabase, placeOrder } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, pgliteExtensions, type Database } from '../src/db/client.ts';
import { orderJsonOf } from '../src/modules/orders/order-json.ts';
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * An order's lines (issue 27, migration 0011). A one-line order answers the spec's fields with the
 * values it always did, and `lines` beside them; orders placed before 0011 get one line each.
 * Orders of several lines are placed by checkout (checkout.test.ts).
 */
for (const kind of databaseKinds()) {
  describe(`order lines (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let customer: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      customer = await t.signUp('lines@order-lines.test');
    });
    after(() => t.close());

    test('a one-line order answers the spec fields as before, and its one line beside them', async () => {
      const part = await addPart(t, admin, { available: 20, price: 12.5, minimunOrder: 2, name: 'Brake Pad Set' });
      const placed = await placeOrder(t, customer, part._id, 3);
      // The spec's fields, as POST /api/order answered them before lines existed.
      assert.equal(placed.partId, part._id);
      assert.equal(placed.quantity, 3);
      assert.equal(placed.unitPrice, 12.5);
      assert.equal(placed.price, 37.5);
      assert.equal(placed.name, 'Brake Pad Set');
      assert.equal(placed.partNumber, part.partNumber);
      assert.equal(placed.img, part.img);
      assert.equal(placed.des, part.des);
      assert.deepEqual(placed.lines, [
        {
          partId: part._id,
          partNumber: part.partNumber,
          name: 'Brake Pad Set',
          img: part.img,
          quantity: 3,
          unitPrice: 12.5,
          total: 37.5,
        },
      ]);
      const read = await t.inject({ method: 'GET', url: `/api/order/${placed._id}` }, customer);
      assert.equal(read.statusCode, 200);
      assert.equal(JSON.stringify(order.parse(JSON.parse(read.body))), read.body, 'the contract bytes');
      assert.deepEqual(read.json(), placed);
    });

    test('a deleted part leaves its line, with no part id', async () => {
      const part = await addPart(t, admin, { available: 5, name: 'Gone Soon' });
      const placed = await placeOrder(t, customer, part._id, 1);
      const del = await t.inject({ method: 'DELETE', url: `/api/part/${part._id}` }, admin);
      assert.ok(del.statusCode < 300, del.body);
      const read: Order = (await t.inject({ method: 'GET', url: `/api/order/${placed._id}` }, customer)).json();
      assert.equal(read.partId, null);
      assert.equal(read.lines.length, 1);
      assert.equal(read.lines[0]!.partId, null);
      assert.equal(read.lines[0]!.name, 'Gone Soon');
    });
  });
}

/** A database migrated up to 0010 (a copy of the migrations with the journal cut there). */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'torque-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  assert.ok(cut >= 0, tag);
  journal.entries = journal.entries.slice(0, cut + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function openAt(
  kind: DatabaseKind,
): Promise<{ database: Database; migrateTo0010(): Promise<void>; drop(): Promise<void> }> {
  const folder = migrationsUpTo('0010_part_numbers');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-lines-'));
  if (kind === 'pglite') {
    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    const database = await openDatabase({ dataDir, pglite: client });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    return {
      database,
      migrateTo0010: () => migrate(database.db as never, { migrationsFolder: folder }),
      drop: () => database.close(),
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { label: 'lines-migration' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir, poolSize: 2 });
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  return {
    database,
    migrateTo0010: () => migrate(database.db as never, { migrationsFolder: folder }),
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

for (const kind of databaseKinds()) {
  test(`migration 0011 gives every order placed before it one line (${kind})`, async () => {
    const { database, migrateTo0010, drop } = await openAt(kind);
    try {
      await migrateTo0010();
      const { db } = database;
      const part = await db.execute(sql`
        insert into parts (name, description, img, minimum_order, available, price_cents, part_number)
        values ('Old Filter', 'd', '/i.png', 1, 10, 1999, 'OF-1') returning id`);
      const partId = (part.rows[0] as { id: string }).id;
      // An order as the placing statement wrote it before 0011: no lines table yet.
      const placed = await db.execute(sql`
        insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, part_number, img, description)
        values (${partId}::uuid, 'u1', 'old@order-lines.test', '+1', 'Addr', 3, 1999, 5997, 'Old Filter', 'OF-1', '/i.png', 'd')
        returning id`);
      const orderId = (placed.rows[0] as { id: string }).id;
      await database.migrate();
      const json = await db.execute(
        sql.raw(`select ${orderJsonOf('o')} as json from orders as o where o.id = '${orderId}'`),
      );
      const answered = order.parse(JSON.parse((json.rows[0] as { json: string }).json));
      assert.deepEqual(answered.lines, [
        { partId, partNumber: 'OF-1', name: 'Old Filter', img: '/i.png', quantity: 3, unitPrice: 19.99, total: 59.97 },
      ]);
      assert.equal(answered.price, 59.97);
      assert.equal(answered.quantity, 3);
    } finally {
      await drop();
    }
  });
}
