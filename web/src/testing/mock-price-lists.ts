import { priceBreakProblems, priceListInput, type PriceList, type PriceListFields } from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { adminCaller, apiError, mockId, parseBody, state } from './mock-state.ts';

/**
 * Price lists (issue 30, PRODUCT.md §25) as contract/src/price-lists.ts shapes them, for the shop
 * admin's page; the companies a list may name are mock-companies.ts's (`state.companies`). Kept here, not in
 * mock-state's `state`: each test file's module starts empty, and `resetPriceLists` empties it
 * between tests. The server's checks in small: unknown parts and companies, tiers out of order.
 */
export const priceListsState = { lists: [] as PriceList[], writes: [] as string[] };

export function resetPriceLists(): void {
  priceListsState.lists = [];
  priceListsState.writes = [];
}

function problemsOf(body: PriceListFields): Record<string, string> {
  const problems: Record<string, string> = {};
  body.companyIds.forEach((id, i) => {
    if (!state.companies.some((c) => c._id === id)) problems[`companyIds.${i}`] = 'No such company';
  });
  body.prices.forEach((p, i) => {
    if (!state.parts.some((x) => x._id === p.partId)) problems[`prices.${i}.partId`] = 'No such part';
    for (const [field, message] of Object.entries(priceBreakProblems(p.price, p.priceBreaks)))
      problems[`prices.${i}.${field}`] = message;
  });
  return problems;
}

function listOf(body: PriceListFields, before?: PriceList): PriceList {
  const now = new Date().toISOString();
  return {
    _id: before?._id ?? mockId(),
    name: body.name,
    companyIds: [...new Set(body.companyIds)],
    percentOff: body.percentOff,
    prices: body.prices.map((p) => {
      const part = state.parts.find((x) => x._id === p.partId);
      return {
        partId: p.partId,
        partName: part?.name ?? null,
        partNumber: part?.partNumber ?? null,
        price: p.price,
        priceBreaks: [...p.priceBreaks].sort((a, b) => a.minQuantity - b.minQuantity),
      };
    }),
    validFrom: body.validFrom,
    validTo: body.validTo,
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
}

export const priceListHandlers = [
  http.get('/api/price-lists', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json([...priceListsState.lists].sort((a, b) => a.name.localeCompare(b.name)));
  }),

  http.post('/api/price-lists', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, priceListInput);
    if (body instanceof Response) return body;
    const problems = problemsOf(body);
    if (Object.keys(problems).length) return apiError(400, 'BAD_REQUEST', 'The price list has errors', problems);
    priceListsState.writes.push('POST /api/price-lists');
    const list = listOf(body);
    priceListsState.lists.push(list);
    return HttpResponse.json(list, { status: 201 });
  }),

  http.put('/api/price-lists/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, priceListInput);
    if (body instanceof Response) return body;
    const at = priceListsState.lists.findIndex((l) => l._id === params.id);
    if (at < 0) return apiError(404, 'NOT_FOUND', 'Price list not found');
    const problems = problemsOf(body);
    if (Object.keys(problems).length) return apiError(400, 'BAD_REQUEST', 'The price list has errors', problems);
    priceListsState.writes.push(`PUT /api/price-lists/${String(params.id)}`);
    const list = listOf(body, priceListsState.lists[at]);
    priceListsState.lists[at] = list;
    return HttpResponse.json(list);
  }),

  http.delete('/api/price-lists/:id', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const list = priceListsState.lists.find((l) => l._id === params.id);
    if (!list) return apiError(404, 'NOT_FOUND', 'Price list not found');
    priceListsState.writes.push(`DELETE /api/price-lists/${list._id}`);
    priceListsState.lists = priceListsState.lists.filter((l) => l !== list);
    return HttpResponse.json({ deleted: true, _id: list._id });
  }),
];
