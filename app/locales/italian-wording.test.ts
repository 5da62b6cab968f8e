// Issue 30: Italian agreement and plurals the fan (or support) reads, checked through i18next
// itself so a key losing its plural form or its per-field wording shows up here.
import { describe, expect, it } from 'vitest';
import { createI18nInstance } from '../i18n/instance';
import { resources } from '../i18n/resources';

const t = createI18nInstance('it', resources).t;

describe('Italian wording', () => {
  it('counts attempts in the singular for one', () => {
    expect(t('notify:outbox.failed', { count: 1, error: 'x' })).toBe('Abbandonata dopo 1 tentativo (x)');
    expect(t('notify:outbox.failed', { count: 5, error: 'x' })).toBe('Abbandonata dopo 5 tentativi (x)');
    expect(t('psp:support.webhookDelivered', { count: 1, eventCode: 'AUTHORISATION' })).toBe('AUTHORISATION: consegnato (1 tentativo)');
    expect(t('psp:support.webhookGaveUp', { count: 1, eventCode: 'AUTHORISATION' })).toBe('AUTHORISATION: abbandonato dopo 1 tentativo');
  });

  it('adds and removes items in words that agree with any product name', () => {
    expect(t('cart:notice.added', { name: 'Carta del club' })).toBe('Carrello modificato: hai aggiunto Carta del club.');
    expect(t('cart:notice.removed', { name: 'Carta del club' })).toBe('Carrello modificato: hai tolto Carta del club.');
  });

  it('says a missing value in the gender of its label', () => {
    expect(t('account:dashboard.notProvidedField.dob')).toBe('Non indicata');
    expect(t('account:dashboard.notProvidedField.email')).toBe('Non indicata');
    expect(t('account:dashboard.notProvidedField.phone')).toBe('Non indicato');
  });

  it('names the membership kind as the catalogue does', () => {
    expect(t('cart:tag.membership')).toBe(t('catalogue:tags.membership'));
  });
});
