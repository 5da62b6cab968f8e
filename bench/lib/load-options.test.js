// @ts-check
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { parseLoadOptions } from './load-options.js';

test('by default both parts run: the mix on both databases and the 50-buyer race', () => {
  const options = parseLoadOptions([]);
  assert.equal(options.scenario, 'all');
  assert.deepEqual(options.databases, ['pglite', 'postgres']);
  assert.equal(options.raceBuyers, 50);
  assert.equal(options.raceUnits, 10);
  assert.equal(options.cpuProfileDir, null);
});

test('--scenario race runs the race alone: no database gets the mix', () => {
  const options = parseLoadOptions(['--scenario', 'race', '--race-buyers', '20', '--race-units', '4']);
  assert.deepEqual(options.databases, []);
  assert.equal(options.raceBuyers, 20);
  assert.equal(options.raceUnits, 4);
});

test('--scenario mix skips the race whatever --race-buyers says', () => {
  const options = parseLoadOptions(['--scenario', 'mix', '--race-buyers', '30', '--databases', 'postgres']);
  assert.equal(options.raceBuyers, 0);
  assert.deepEqual(options.databases, ['postgres']);
});

test('a race-only run without buyers and an unknown scenario are refused', () => {
  assert.throws(() => parseLoadOptions(['--scenario', 'race', '--race-buyers', '0']), /race-buyers/);
  assert.throws(() => parseLoadOptions(['--scenario', 'races']), /--scenario must be one of all, mix, race/);
});

test('--cpu-prof names a directory, made absolute (the instances run in the checkout)', () => {
  const options = parseLoadOptions(['--scenario', 'race', '--cpu-prof', 'profiles']);
  assert.equal(options.cpuProfileDir, path.resolve('profiles'));
});
