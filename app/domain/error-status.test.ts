import { describe, expect, it } from 'vitest';
import { catalogueStatus, KNOWN_ERROR_STATUSES, suggestsSigningIn } from './error-status';

describe('catalogueStatus', () => {
  it.each(KNOWN_ERROR_STATUSES)('keeps the catalogued status %i', (status) => {
    expect(catalogueStatus(status)).toBe(status);
  });

  it.each([
    [402, 400],
    [405, 400],
    [499, 400],
    [502, 500],
    [599, 500],
    [200, 500],
  ])('maps the uncatalogued status %i to %i', (status, expected) => {
    expect(catalogueStatus(status)).toBe(expected);
  });
});

describe('suggestsSigningIn', () => {
  it('is true only for 401 and 403', () => {
    expect([400, 401, 403, 404, 500].filter(suggestsSigningIn)).toEqual([401, 403]);
  });
});
