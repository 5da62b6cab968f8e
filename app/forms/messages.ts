/**
 * Translation keys used as zod messages; components translate them (server and browser alike).
 * Generic field messages live in the `forms` namespace; a flow's own ones in its namespace.
 */
export const FIELD_MESSAGES = {
  required: 'forms:fields.required',
  email: 'forms:fields.email',
  tooLong: 'forms:fields.tooLong',
  invisibleCharacters: 'forms:fields.invisibleCharacters',
  invalidName: 'forms:fields.invalidName',
  dataNotValid: 'forms:fields.dataNotValid',
  selectFromList: 'forms:fields.selectFromList',
  invalidPhone: 'forms:fields.invalidPhone',
  invalidZip: 'forms:fields.invalidZip',
  invalidDate: 'forms:fields.invalidDate',
  passwordTooShort: 'auth:fields.passwordTooShort',
  emailTaken: 'auth:fields.emailTaken',
} as const;
