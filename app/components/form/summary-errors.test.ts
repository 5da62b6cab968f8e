import { describe, expect, it } from 'vitest';
import { createI18nInstance } from '../../i18n/instance';
import { resources } from '../../i18n/resources';
import { collectSummaryErrors, summaryLinkText } from './summary-errors';

describe('collectSummaryErrors', () => {
  const fields = {
    firstName: { id: 'address-firstName', errors: ['forms:fields.required'] },
    lastName: { id: 'address-lastName' },
    phone: { id: 'address-phone', errors: ['forms:fields.invalidPhone', 'forms:fields.tooLong'] },
  };

  it('lists field messages in page order, each with its field and the id to link to', () => {
    expect(collectSummaryErrors(undefined, fields, ['phone', 'lastName', 'firstName'])).toEqual([
      { name: 'phone', fieldId: 'address-phone', message: 'forms:fields.invalidPhone' },
      { name: 'phone', fieldId: 'address-phone', message: 'forms:fields.tooLong' },
      { name: 'firstName', fieldId: 'address-firstName', message: 'forms:fields.required' },
    ]);
  });

  it("puts the form's own messages first, without a field name, linked to the first field", () => {
    expect(collectSummaryErrors(['Too many attempts.'], fields, ['firstName', 'lastName'])[0]).toEqual({
      fieldId: 'address-firstName',
      message: 'Too many attempts.',
    });
  });
});

describe('summaryLinkText', () => {
  const labels = { firstName: 'Nome', email: 'E-mail' };

  it('names the field before its message, in Italian and English', () => {
    const italian = createI18nInstance('it', resources);
    expect(
      summaryLinkText({ name: 'firstName', fieldId: 'f', message: 'forms:fields.required' }, labels, italian.t, italian),
    ).toBe('Nome: Campo obbligatorio.');
    const english = createI18nInstance('en', resources);
    expect(
      summaryLinkText(
        { name: 'firstName', fieldId: 'f', message: 'forms:fields.required' },
        { firstName: 'First name' },
        english.t,
        english,
      ),
    ).toBe('First name: This field is required.');
  });

  it('shows text the server already translated as it is, and a form-level message alone', () => {
    const italian = createI18nInstance('it', resources);
    expect(summaryLinkText({ name: 'email', fieldId: 'e', message: 'Già registrata.' }, labels, italian.t, italian)).toBe(
      'E-mail: Già registrata.',
    );
    expect(summaryLinkText({ fieldId: 'e', message: 'Troppi tentativi.' }, labels, italian.t, italian)).toBe(
      'Troppi tentativi.',
    );
  });
});
