import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkedLine, checkLine } from '../src/modules/catalogue/numbers/cross-reference-csv.ts';

/**
 * The import checks the lines it accepts with plain tests (cross-reference-csv.ts, for speed) and
 * the others with the contract's schemas: both must give the same answer for every line.
 */
const NUMBERS = [
  'BP-4471',
  ' bp 4471 ',
  'B',
  'BP',
  'A.',
  '..',
  '-BP1',
  '.BP1',
  'BP_1',
  'Ä123',
  'BP 44/71.2',
  '1K0 698 151',
  '09.C422.13',
  'BP\u20134471',
  '\tBP1\t',
  '\u00a0BP1\u00a0',
  'BP1\u2003',
  'BP\n1',
  '',
  '   ',
  'A'.repeat(40),
  'A'.repeat(41),
  ` ${'A'.repeat(40)} `,
];
const KINDS = ['oe', 'OE', ' Competitor ', 'replaces', 'dealer', '', 'o e'];
const BRANDS = ['Audi AG', '', '  ', 'B'.repeat(60), 'B'.repeat(61), ` ${'B'.repeat(60)} `, 'Ä, "quoted"'];

describe('cross-reference CSV lines', () => {
  test('the quick check and the contract schemas agree on every line', () => {
    let accepted = 0;
    for (const partNumber of NUMBERS)
      for (const number of NUMBERS)
        for (const kind of KINDS)
          for (const brand of BRANDS) {
            const record = [partNumber, kind, brand, number];
            const answer = checkLine(record);
            assert.deepEqual(answer, checkedLine(record), JSON.stringify(record));
            if (typeof answer !== 'string') accepted += 1;
          }
    assert.ok(accepted > 1000, `${accepted} accepted lines`);
  });

  test('a line of the wrong width names the header', () => {
    assert.match(
      String(checkLine(['BP-4471', 'oe', 'Audi'])),
      /Expected 4 fields \(partNumber,kind,brand,number\), found 3/,
    );
  });
});
