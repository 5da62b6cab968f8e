import { z } from 'zod';
import { isValidPersonName } from '../domain/person-name';
import { FIELD_MESSAGES as M } from './messages';

export const MAX_PERSON_NAME_LENGTH = 80;

/** A first or last name: required, trimmed, the spec's letters/space/hyphen/apostrophe rule. */
export const personNameField = z
  .string({ error: M.required })
  .trim()
  .max(MAX_PERSON_NAME_LENGTH, { error: M.tooLong })
  .refine(isValidPersonName, { error: M.invalidName });
