/** Translation keys used as zod messages; components translate them (server and browser alike). */
export const FIELD_MESSAGES = {
  required: 'auth:fields.required',
  email: 'auth:fields.email',
  passwordTooShort: 'auth:fields.passwordTooShort',
  tooLong: 'auth:fields.tooLong',
  invalidName: 'auth:fields.invalidName',
  emailTaken: 'auth:fields.emailTaken',
} as const;
