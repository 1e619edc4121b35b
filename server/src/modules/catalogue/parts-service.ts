import {
  PAGE_LIMIT_MAX,
  normalisePartNumber,
  priceBreakProblems,
  type CrossReferenceInput,
  type FitmentRow,
  type Part,
  type PartDetail,
  type PartsQuery,
  type Vehicle,
} from '@torque/contract';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  badRequest,
  conflict,
  DomainError,
  notFound,
  preconditionFailed,
  preconditionRequired,
} from '../../lib/errors.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { assertCursorHasLimit } from '../../lib/paged-list.ts';
import { serialise, type SerialisedBody } from '../../lib/serialised-body.ts';
import { createCatalogueCache, type CachedPage } from './catalogue-cache.ts';
import type { PartFields, PartLists, PartsRepository } from './parts/parts-repository.ts';
import { partTagPrefix, versionOfIfMatch } from './parts/part-version.ts';
import { keyPatterns, type PartsOrder } from './search/list-order.ts';
import { NO_SEARCH, searchKey, type ResolvedSearch } from './search/relevance.ts';
import type { PartsFilter, SearchRepository } from './search/search-repository.ts';
import { searchTerms, type SearchTerms } from './search/search-terms.ts';

/**
 * The vehicle of a list query (PRODUCT.md §15): make, model and year come together, or none of
 * them; an engine only with them. Anything else is a 400 naming what is missing.
 */
export function vehicleOf(query: PartsQuery): Vehicle | undefined {
  const { make, model, year } = query;
  const engine = query.engine ?? null;
  if (make === undefined && model === undefined && year === undefined) {
    if (engine !== null) throw badRequest('engine needs make, model and year', { make: 'Make is required' });
    return undefined;
  }
  if (make !== undefined && model !== undefined && year !== undefined) return { make, model, year, engine };
  const fields: Record<string, string> = {};
  if (make === undefined) fields.make = 'Make is required';
  if (model === undefined) fields.model = 'Model is required';
  if (year === undefined) fields.year = 'Year is required';
  throw badRequest(`A vehicle needs make, model and year: ${Object.keys(fields).join(', ')} missing`, fields);
}

/** What an admin's write takes: the part's fields, its lists, and its successor by number. */
export type PartWrite<F> = Omit<F, 'replacedBy'> & {
  fitment?: FitmentRow[] | undefined;
  crossReferences?: CrossReferenceInput[] | undefined;
  /** The successor's part number (any spelling), or null. */
  replacedBy?: string | null | undefined;
};

/** A number listed twice in one part's cross-references is refused at its second row. */
function refuseRepeatedReferences(references: CrossReferenceInput[] | undefined): void {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  references?.forEach((r, i) => {
    const key = `${r.kind}|${normalisePartNumber(r.number)}`;
    if (seen.has(key)) fields[`crossReferences.${i}.number`] = `${r.number} is listed twice`;
    seen.add(key);
  });
  if (Object.keys(fields).length) throw badRequest('A cross-reference is listed twice', fields);
}

/**
 * 400 when the breaks do not fit the price (price-break-rules.ts): each starts above and costs
 * less than the tier before it. `breaksGiven` false: the stored breaks were checked against a new
 * price, so the field named is `price`.
 */
function refuseBadBreaks(price: number, breaks: PartFields['priceBreaks'], breaksGiven: boolean): void {
  const problems = priceBreakProblems(price, breaks ?? []);
  const first = Object.keys(problems)[0];
  if (first === undefined) return;
  if (!breaksGiven)
    throw badRequest('The price must stay above the price breaks', {
      price: `The price must be above every price break (${breaks![0]!.minQuantity}+ at $${breaks![0]!.price.toFixed(2)}): change the breaks too`,
    });
  throw badRequest(problems[first]!, problems);
}

/** 409 naming the field: another part has this number (in normal form). */
const numberTaken = (partNumber: string) =>
  new DomainError('conflict', 'PART_NUMBER_TAKEN', `Another part already has the number ${partNumber}`, {
    partNumber: `Another part already has the number ${partNumber}`,
  });

/** A vehicle as a cache and cursor key: matched ignoring case, so keyed lower-cased. */
const vehicleKey = (v: Vehicle | undefined) =>
  v ? [v.make, v.model, v.year, v.engine].map((x) => (typeof x === 'string' ? x.toLowerCase() : x)) : null;

/**
 * The catalogue: reads served from a serialised snapshot and a bounded page cache (each dropped
 * on every change, `catalogueChanged()`), writes by admins. Cursors are signed with `secret`.
 */
export function createPartsService(deps: {
  repository: PartsRepository;
  search: SearchRepository;
  secret: string;
  log: FastifyBaseLogger;
  changed: () => void;
}) {
  const { repository: repo, search, changed } = deps;
  const catalogue = createCatalogueCache<ResolvedSearch>(() => repo.list(), {
    onRefreshError: (err) => deps.log.warn({ err }, 'catalogue refresh failed; serving the previous snapshot'),
  });
  const cursors = createKeysetCodec(deps.secret);

  /**
   * An admin's write as the repository takes it: the successor's number resolved to its id (400
   * on `replacedBy` when there is no such part, or it is the part itself), repeated references
   * refused per row.
   */
  async function writeOf<F extends Partial<PartFields>>(
    input: PartWrite<F>,
    id?: string,
  ): Promise<{ fields: F & { replacedBy?: string | null }; lists: PartLists }> {
    const { fitment, crossReferences, replacedBy, ...rest } = input;
    refuseRepeatedReferences(crossReferences);
    const fields = { ...rest } as unknown as F & { replacedBy?: string | null };
    if (replacedBy === null) fields.replacedBy = null;
    else if (replacedBy !== undefined) {
      const successor = await repo.idOfNumber(normalisePartNumber(replacedBy));
      if (!successor)
        throw badRequest('No part has that number', { replacedBy: `No part has the number ${replacedBy}` });
      if (successor === id)
        throw badRequest('A part cannot replace itself', { replacedBy: 'A part cannot replace itself' });
      fields.replacedBy = successor;
    }
    return { fields, lists: { fitment, crossReferences } };
  }

  /**
   * A search as written resolved (its words to catalogue words, its numbers to parts), from the
   * search cache when it was asked before, and the key of what it resolved to.
   */
  async function resolved(terms: SearchTerms): Promise<{ search: ResolvedSearch; key: string }> {
    return catalogue.search(JSON.stringify(terms), async () => {
      const found = await search.resolve(terms);
      const text = searchKey(found);
      return { search: found, key: createHash('sha256').update(text).digest('base64url'), bytes: text.length };
    });
  }

  /**
   * One page, from the page cache or the database; the cursor is checked before either. Pages
   * and totals are keyed by the search resolved, not as written: "alternatr" and "altenator"
   * are one search (alternator), ranked and counted once (PERFORMANCE.md, part numbers).
   */
  async function page(query: PartsQuery & { limit: number }): Promise<CachedPage> {
    const terms = searchTerms(query.q);
    const vehicle = vehicleOf(query);
    const filters = { inStock: query.inStock === true, lowStock: query.lowStock === true, vehicle };
    const order: PartsOrder = query.sort ?? (query.q ? 'relevance' : 'catalogue');
    // What a cursor belongs to: the list as asked, its order and filters (the vehicle too,
    // matched ignoring case, so its key is lower-cased). A cursor of another list is a 400.
    const listKey = [filters.inStock, filters.lowStock, vehicleKey(vehicle)];
    const scope = `parts|${order}|${JSON.stringify([terms, ...listKey])}`;
    const after = query.cursor === undefined ? undefined : cursors.decode(query.cursor, scope, keyPatterns(order));
    // A search with no usable word ("?q=!!") matches nothing; it never turns into a full scan.
    const usable = terms.words.length + terms.numbers.length > 0 || terms.whole !== null;
    if (query.q && !usable) return { body: serialise([]), total: 0, nextCursor: null };
    const resolution = query.q ? await resolved(terms) : { search: NO_SEARCH, key: '' };
    const filterKey = JSON.stringify([resolution.key, ...listKey]);
    const stored = await catalogue.page(JSON.stringify([order, filterKey, query.limit, after ?? null]), async () => {
      const filter: PartsFilter = { ...filters, search: resolution.search };
      const count = () => catalogue.total(filterKey, () => search.count(filter));
      // A search's first page comes with its count (one statement, its matches read once);
      // kept for the later pages. Every number of a search must match, so it names a few
      // parts: their first page is usually the last, and then its length is the count.
      // Otherwise page and count run side by side.
      const [found, total] =
        after === undefined && (terms.numbers.length > 0 || (query.q && vehicle === undefined))
          ? await search.page(filter, order, query.limit, after).then(async (p) => {
              const known = p.total;
              if (known !== undefined) return [p, await catalogue.total(filterKey, async () => known)] as const;
              return [p, terms.numbers.length > 0 && p.nextKey === null ? p.parts.length : await count()] as const;
            })
          : await Promise.all([search.page(filter, order, query.limit, after), count()]);
      return { body: serialise(found.parts), total, nextKey: found.nextKey };
    });
    return {
      body: stored.body,
      total: stored.total,
      nextCursor: stored.nextKey && cursors.encode(scope, stored.nextKey),
    };
  }

  return {
    /** Drops what is cached; called on every `catalogueChanged()`, from any module. */
    invalidate: () => {
      catalogue.invalidate();
      search.invalidate();
    },

    /**
     * The list: without parameters the whole catalogue (the compatibility form), from its
     * snapshot; otherwise one page and its paging facts. A search, filter or sort without
     * `limit` answers its first page of PAGE_LIMIT_MAX (`pagedAt`, for the next page's link):
     * read whole it cost a scan, a serialisation and a compression per request, none of them
     * bounded (issue 24).
     */
    async list(query: PartsQuery): Promise<{ body: SerialisedBody; page?: CachedPage; pagedAt?: number }> {
      if (query.limit === undefined) {
        assertCursorHasLimit(query);
        const plain = !query.q && !query.inStock && !query.lowStock && query.sort === undefined && !vehicleOf(query);
        if (plain) return { body: await catalogue.list() };
        const first = await page({ ...query, limit: PAGE_LIMIT_MAX });
        return { body: first.body, page: first, pagedAt: PAGE_LIMIT_MAX };
      }
      const found = await page({ ...query, limit: query.limit });
      return { body: found.body, page: found };
    },

    /** One part's serialised body, with its fitment (PRODUCT.md §15). */
    async one(id: string): Promise<SerialisedBody> {
      const body = await catalogue.part(id, () => repo.detail(id));
      if (!body) throw notFound('Part');
      return body;
    },

    /**
     * Adds a part, with its fitment rows and cross-references in the same transaction. Without a
     * number it gets the series' next; should an admin have taken that one by hand, the next.
     */
    async create(input: PartWrite<PartFields>): Promise<PartDetail> {
      refuseBadBreaks(input.price, input.priceBreaks, true);
      const { fields, lists } = await writeOf(input);
      for (let attempt = 0; ; attempt++) {
        try {
          const created = await repo.create(fields, lists);
          changed();
          return created;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (fields.partNumber !== undefined) throw numberTaken(fields.partNumber);
          if (attempt >= 20) throw error;
        }
      }
    },

    /**
     * An edit, if `ifMatch` (the ETag of `GET /api/parts/:id`) names the part's current edit
     * version: 428 without one, 412 when another admin saved first. Never touches stock.
     */
    async update(
      id: string,
      input: PartWrite<Partial<Omit<PartFields, 'available'>>>,
      ifMatch: string | undefined,
    ): Promise<{ part: PartDetail; etag: string }> {
      if (!ifMatch)
        throw preconditionRequired(
          'Send If-Match with the ETag of GET /api/parts/:id, so a newer edit is not overwritten',
        );
      const version = versionOfIfMatch(ifMatch);
      if (input.price !== undefined || input.priceBreaks !== undefined) {
        // Checked against the part as it is: the guarded UPDATE below writes only if that is
        // still the version the admin edited, so nothing unchecked gets between.
        const current = await repo.get(id);
        if (!current) throw notFound('Part');
        refuseBadBreaks(
          input.price ?? current.price,
          input.priceBreaks ?? current.priceBreaks,
          input.priceBreaks !== undefined,
        );
      }
      const { fields, lists } = await writeOf(input, id);
      const updated =
        version === null
          ? await repo.get(id).then((p) => p && 'stale')
          : await repo.update(id, fields, version, lists).catch((error: unknown) => {
              if (isUniqueViolation(error) && fields.partNumber !== undefined) throw numberTaken(fields.partNumber);
              throw error;
            });
      if (!updated) throw notFound('Part');
      if (updated === 'stale')
        throw preconditionFailed(
          'This product was changed by someone else since you opened it. Reload it to see the changes.',
          'PRODUCT_CHANGED',
        );
      changed();
      return { part: updated, etag: serialise(updated, partTagPrefix(updated)).etag };
    },

    /** Adds `add` units (negative: a write-off), atomically; 409 when stock would go below 0. */
    async moveStock(id: string, add: number): Promise<Part> {
      const moved = await repo.moveStock(id, add);
      if (!moved) throw notFound('Part');
      if (moved === 'negative')
        throw conflict(`Only the units in stock can be written off: this would leave less than 0`, 'STOCK_BELOW_ZERO');
      changed();
      return moved;
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('Part');
      changed();
    },
  };
}
export type PartsService = ReturnType<typeof createPartsService>;
