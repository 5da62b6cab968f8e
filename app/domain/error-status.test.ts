import { describe, expect, it } from 'vitest';
import { catalogueStatus, KNOWN_ERROR_STATUSES, signInOffer } from './error-status';

describe('catalogueStatus', () => {
  it.each(KNOWN_ERROR_STATUSES)('keeps the catalogued status %i', (status) => {
    expect(catalogueStatus(status)).toBe(status);
  });

  it.each([
    [402, 400],
    [409, 400],
    [499, 400],
    [502, 500],
    [599, 500],
    [200, 500],
  ])('maps the uncatalogued status %i to %i', (status, expected) => {
    expect(catalogueStatus(status)).toBe(expected);
  });
});

describe('signInOffer', () => {
  it('makes signing in the main action after 401 and 403, signed in or not', () => {
    for (const signedIn of [false, true]) {
      expect(signInOffer(401, signedIn)).toBe('primary');
      expect(signInOffer(403, signedIn)).toBe('primary');
    }
  });

  it('does not offer it for a missing page or a bad request', () => {
    for (const status of [400, 404, 484]) {
      expect(signInOffer(status, false)).toBeNull();
      expect(signInOffer(status, true)).toBeNull();
    }
  });

  it('offers it on a server error only to a signed-in fan', () => {
    expect(signInOffer(500, true)).toBe('secondary');
    expect(signInOffer(503, false)).toBeNull();
  });

  it('offers it on the status-less error page (failed sign-ins land there)', () => {
    expect(signInOffer(undefined, false)).toBe('secondary');
  });
});
