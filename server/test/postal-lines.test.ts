import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { postalLines } from '../src/lib/postal-lines.ts';

/** Addresses on invoices and orders are written as their country writes them (lib/postal-lines.ts). */
const at = (country: string, countryName: string, fields: Partial<Parameters<typeof postalLines>[0]>) =>
  postalLines({ line1: '', line2: null, postalCode: null, city: '', region: null, country, countryName, ...fields });

describe('postal lines, per country', () => {
  test('France: postcode before the town', () => {
    assert.deepEqual(at('FR', 'France', { line1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris' }), [
      '1 rue de Rivoli',
      '75001 Paris',
      'France',
    ]);
  });

  test('United States: town, state and ZIP on one line; the second line follows the street', () => {
    assert.deepEqual(
      at('US', 'United States of America', {
        line1: '1 Gear St',
        line2: 'Unit 4',
        postalCode: '62704',
        city: 'Springfield',
        region: 'IL',
      }),
      ['1 Gear St', 'Unit 4', 'Springfield, IL 62704', 'United States of America'],
    );
  });

  test('United Kingdom: the postcode on a line of its own; Germany: postcode before the town', () => {
    assert.deepEqual(at('GB', 'United Kingdom', { line1: '10 Downing St', postalCode: 'SW1A 2AA', city: 'London' }), [
      '10 Downing St',
      'London',
      'SW1A 2AA',
      'United Kingdom',
    ]);
    assert.deepEqual(at('DE', 'Germany', { line1: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' }), [
      'Hauptstraße 5',
      '10115 Berlin',
      'Germany',
    ]);
  });

  test('no postcode: the town alone', () => {
    assert.deepEqual(at('IE', 'Ireland', { line1: 'Main St', city: 'Cong' }), ['Main St', 'Cong', 'Ireland']);
  });
});
