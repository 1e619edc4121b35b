import assert from 'node:assert/strict';
import type { Part } from '@torque/contract';
import type { TestApp } from './test-app.ts';

/*
 * Adding parts, placing orders, test cards and the sandbox payment come from @torque/testkit
 * (addPart, placeOrder, orderInput, TEST_CARDS, testCard, payWithSandbox): a TestApp is a
 * target its client reaches through app.inject.
 */

export async function stockOf(t: TestApp, partId: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/api/parts/${partId}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as Part).available;
}
