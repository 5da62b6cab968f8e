import * as z from 'zod/mini';
import { isValidPersonName, trimPersonName } from '../domain/person-name';
import { FIELD_MESSAGES as M } from './messages';

export const MAX_PERSON_NAME_LENGTH = 80;

/**
 * A first or last name: required, trimmed as the spec says (leading non-letters, trailing
 * non-letters but apostrophes; the browser does the same on blur), then the spec's
 * letters/space/hyphen/apostrophe rule. Nothing left after trimming counts as missing.
 */
export const personNameField = z.string({ error: M.required }).check(
  z.overwrite(trimPersonName),
  // Stops here when nothing is left: "missing" is the one message to show then.
  z.minLength(1, { error: M.required, abort: true }),
  z.maxLength(MAX_PERSON_NAME_LENGTH, { error: M.tooLong }),
  z.refine(isValidPersonName, { error: M.invalidName }),
);
