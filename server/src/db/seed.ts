import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { CrossReference, FitmentRow } from '@torque/contract';
import { partCrossReferences, partFitment, parts, reviews, shippingMethods } from './schema/index.ts';

interface SeedPart {
  name: string;
  des: string;
  img: string;
  minimunOrder: number;
  available: number;
  price: number;
  /** PRODUCT.md §15: fits every vehicle, or the vehicles of `fitment`. */
  universal: boolean;
  /** PRODUCT.md §17: the part's own number and brand, the numbers naming it elsewhere, its successor's number. */
  partNumber: string;
  brand: string;
  crossReferences: CrossReference[];
  replacedBy: string | null;
  fitment: FitmentRow[];
  /** Issue 28: grams (plausible for the part), hazardous goods. */
  weightGrams: number;
  hazardous: boolean;
}
interface SeedReview {
  name: string;
  comment: string;
  rating: number;
}

/**
 * The demo's shipping methods (issue 28): a domestic standard (ground, carries hazardous goods,
 * free over $150) and express (air: no hazardous goods), freight for workshop quantities (up to 1 t),
 * and an international one.
 */
const DEMO_SHIPPING_METHODS: (typeof shippingMethods.$inferInsert)[] = [
  {
    name: 'Standard (US)',
    carrier: 'UPS Ground',
    countries: ['US'],
    rates: [
      { upToGrams: 1000, priceCents: 599 },
      { upToGrams: 5000, priceCents: 999 },
      { upToGrams: 20000, priceCents: 1999 },
      { upToGrams: 70000, priceCents: 4999 },
    ],
    freeOverCents: 15000,
    carriesHazardous: true,
    estimateMinDays: 3,
    estimateMaxDays: 5,
  },
  {
    name: 'Express (US)',
    carrier: 'FedEx Priority Overnight',
    countries: ['US'],
    rates: [
      { upToGrams: 1000, priceCents: 1499 },
      { upToGrams: 5000, priceCents: 2499 },
      { upToGrams: 30000, priceCents: 5999 },
    ],
    freeOverCents: null,
    carriesHazardous: false,
    estimateMinDays: 1,
    estimateMaxDays: 2,
  },
  {
    // The demo's minimum orders are workshop quantities (100 brake pad sets weigh 160 kg): without a
    // freight method no cart of them could be shipped by any method (issue 28's screens).
    name: 'Freight (US)',
    carrier: 'Estes LTL Freight',
    countries: ['US'],
    rates: [
      { upToGrams: 150000, priceCents: 14900 },
      { upToGrams: 500000, priceCents: 29900 },
      { upToGrams: 1000000, priceCents: 49900 },
    ],
    freeOverCents: null,
    carriesHazardous: true,
    estimateMinDays: 4,
    estimateMaxDays: 7,
  },
  {
    name: 'International',
    carrier: 'DHL Express Worldwide',
    countries: ['CA', 'MX', 'GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'IT', 'ES', 'SE', 'JP', 'AU'],
    rates: [
      { upToGrams: 2000, priceCents: 2999 },
      { upToGrams: 10000, priceCents: 6999 },
      { upToGrams: 30000, priceCents: 14999 },
    ],
    freeOverCents: null,
    carriesHazardous: false,
    estimateMinDays: 5,
    estimateMaxDays: 10,
  },
];

const seedDir = path.resolve(import.meta.dirname, 'seed-data');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(seedDir, file), 'utf8')) as T;

/**
 * Puts the demo catalogue and reviews into an empty database. Runs under an advisory lock
 * and only when both tables are empty, so restarts and concurrent instances never duplicate it.
 */
export async function seedDemoData(db: Db): Promise<{ parts: number; reviews: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [{ n } = { n: 0 }] = (
      await tx.execute<{ n: number }>(sql`select (select count(*) from parts) + (select count(*) from reviews) as n`)
    ).rows.map((r) => ({ n: Number(r.n) }));
    if (n > 0) return { parts: 0, reviews: 0 };
    const demoParts = readJson<SeedPart[]>('parts.json');
    const demoReviews = readJson<SeedReview[]>('reviews.json');
    // Spaced creation times keep the catalogue's order (oldest first) as written in the file.
    const base = Date.now() - demoParts.length * 60_000;
    const inserted = await tx
      .insert(parts)
      .values(
        demoParts.map((p, i) => ({
          name: p.name,
          description: p.des,
          img: p.img,
          minimumOrder: p.minimunOrder,
          available: p.available,
          priceCents: Math.round(p.price * 100),
          universal: p.universal,
          partNumber: p.partNumber,
          brand: p.brand,
          weightGrams: p.weightGrams,
          weightDefaulted: false,
          hazardous: p.hazardous,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: parts.id, name: parts.name });
    // By name (unique in the demo), not by position: RETURNING promises no order.
    const idOf = new Map(inserted.map((r) => [r.name, r.id]));
    const fitment = demoParts.flatMap((p) => p.fitment.map((row) => ({ ...row, partId: idOf.get(p.name)! })));
    if (fitment.length) await tx.insert(partFitment).values(fitment);
    const references = demoParts.flatMap((p) => p.crossReferences.map((r) => ({ ...r, partId: idOf.get(p.name)! })));
    if (references.length) await tx.insert(partCrossReferences).values(references);
    for (const p of demoParts.filter((d) => d.replacedBy)) {
      const successor = demoParts.find((d) => d.partNumber === p.replacedBy)!;
      await tx
        .update(parts)
        .set({ replacedBy: idOf.get(successor.name)! })
        .where(sql`${parts.id} = ${idOf.get(p.name)!}`);
    }
    await tx.insert(shippingMethods).values(DEMO_SHIPPING_METHODS);
    await tx.insert(reviews).values(
      demoReviews.map((r, i) => ({
        name: r.name,
        comment: r.comment,
        rating: r.rating,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    return { parts: demoParts.length, reviews: demoReviews.length };
  });
}
