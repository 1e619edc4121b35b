import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesEtag, pickEncoding } from '../src/lib/precompressed-body.ts';

// The cases the hand-written parsers got wrong or never met (negotiator and fresh read them now).
test('Accept-Encoding: q-values rank, `*` stands for what is not named, identity can win', () => {
  assert.equal(pickEncoding('br;q=0.2, gzip;q=0.9'), 'gzip', 'the client prefers gzip');
  assert.equal(pickEncoding('*'), 'br');
  assert.equal(pickEncoding('*, br;q=0'), 'gzip');
  assert.equal(pickEncoding('gzip;q=0.1, identity'), null, 'the body as it is, rated higher');
  assert.equal(pickEncoding('BR'), 'br', 'names ignore case');
  assert.equal(pickEncoding('deflate'), null);
});

test('If-None-Match: a list with spaces, weak tags either side, nothing partial', () => {
  assert.ok(matchesEtag('"a","b" , W/"c"', '"c"'));
  assert.ok(matchesEtag('"abc"', 'W/"abc"'));
  assert.ok(!matchesEtag('"ab"', '"abc"'));
  assert.ok(!matchesEtag('', '"abc"'));
});
