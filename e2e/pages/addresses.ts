import { expect, type Page } from '@playwright/test';
import { javaScriptEnabled, waitForHydration, type Language } from '../support/shop';

/** The address pages' texts the tests rely on, per language. */
export const ADDRESS_TEXTS = {
  it: {
    bookHeading: 'I tuoi indirizzi',
    empty: 'Non hai ancora salvato nessun indirizzo.',
    add: 'Aggiungi un indirizzo',
    newHeading: 'Aggiungi un indirizzo',
    phone: 'Telefono',
    country: 'Paese',
    province: 'Provincia',
    cityIt: 'Comune',
    city: 'Città',
    zip: 'CAP',
    street: 'Via o piazza',
    number: 'Numero civico (facoltativo)',
    refresh: 'Aggiorna gli elenchi',
    save: "Salva l'indirizzo",
    saveChanges: 'Salva le modifiche',
    saved: 'Indirizzo salvato.',
    deleted: 'Indirizzo eliminato.',
    preferredChanged: 'Indirizzo preferito aggiornato.',
    preferred: 'Indirizzo preferito',
    edit: 'Modifica',
    delete: 'Elimina',
    deleteConfirm: 'Sì, elimina',
    makePreferred: 'Rendi preferito',
    italy: 'Italia',
    france: 'Francia',
    summaryTitle: 'Correggi i seguenti campi:',
    invalidPhone: 'Inserisci un numero di telefono con solo cifre, spazi e + - ( ) . / (almeno 4 cifre).',
    invalidZip: 'Il CAP deve avere meno di 10 caratteri.',
    required: 'Campo obbligatorio.',
  },
  en: {
    bookHeading: 'Your addresses',
    empty: 'You have not saved any addresses yet.',
    add: 'Add an address',
    newHeading: 'Add an address',
    phone: 'Phone',
    country: 'Country',
    province: 'Province',
    cityIt: 'Municipality',
    city: 'City',
    zip: 'Postcode',
    street: 'Street',
    number: 'House number (optional)',
    refresh: 'Update the lists',
    save: 'Save address',
    saveChanges: 'Save changes',
    saved: 'Address saved.',
    deleted: 'Address deleted.',
    preferredChanged: 'Preferred address changed.',
    preferred: 'Preferred address',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: 'Yes, delete it',
    makePreferred: 'Make preferred',
    italy: 'Italy',
    france: 'France',
    summaryTitle: 'Please fix the following:',
    invalidPhone: 'Enter a phone number with only digits, spaces and + - ( ) . / (at least 4 digits).',
    invalidZip: 'The postal code must be shorter than 10 characters.',
    required: 'This field is required.',
  },
} as const;

export type AddressTexts = (typeof ADDRESS_TEXTS)[keyof typeof ADDRESS_TEXTS];

export type ItalianAddress = { phone: string; province: string; city: string; zip: string; street: string; number?: string };
export type ForeignAddress = { country: string; city: string; zip: string; street: string; phone: string };

/** The address form (new or edit) in one language. */
export class AddressForm {
  readonly texts: AddressTexts;

  constructor(
    private readonly page: Page,
    language: Language,
  ) {
    this.texts = ADDRESS_TEXTS[language];
  }

  field(label: keyof AddressTexts) {
    return this.page.getByLabel(this.texts[label], { exact: true });
  }

  /**
   * A dependent list changed: with JavaScript the select sends the refresh itself; without, the
   * fan presses "Update the lists". Either way the page comes back with the narrowed lists.
   */
  /**
   * With JavaScript a list's change is handled by React: a choice made before the page has
   * hydrated reaches no handler (CI once chose France on a page still being hydrated).
   */
  async untilInteractive(): Promise<void> {
    if (javaScriptEnabled()) await waitForHydration(this.field('country'));
  }

  async afterListChoice(): Promise<void> {
    if (!javaScriptEnabled()) await this.page.getByRole('button', { name: this.texts.refresh }).click();
  }

  /** Province → city → zip in that order, then the rest. */
  async fillItalian(address: ItalianAddress): Promise<void> {
    await this.untilInteractive();
    const city = this.field('cityIt');
    const zip = this.field('zip');
    await expect(city).toBeDisabled();
    await expect(zip).toBeDisabled();
    const province = this.field('province');
    await province.focus();
    await province.selectOption({ label: address.province });
    await this.afterListChoice();
    await expect(city).toBeEnabled();
    // The fan keeps their place: in place with JavaScript, by autofocus on the new page without.
    await expect(province).toBeFocused();
    await expect(zip).toBeDisabled();
    await city.selectOption({ label: address.city });
    await this.afterListChoice();
    await expect(zip).toBeEnabled();
    await zip.fill(address.zip);
    await this.field('phone').fill(address.phone);
    await this.field('street').fill(address.street);
    if (address.number) await this.field('number').fill(address.number);
  }

  /** Another country: free-text city and zip, no province. */
  async fillForeign(address: ForeignAddress): Promise<void> {
    await this.untilInteractive();
    await this.field('country').selectOption({ label: address.country });
    await this.afterListChoice();
    await expect(this.field('province')).toHaveCount(0);
    await this.field('city').fill(address.city);
    await this.field('zip').fill(address.zip);
    await this.field('phone').fill(address.phone);
    await this.field('street').fill(address.street);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.save }).click();
  }
}
