import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Language } from '../support/shop';

/** The cart pages' texts (app/locales/{it,en}/cart.json) the tests are driven by. */
export const CART_TEXTS = {
  en: {
    heading: 'Your cart',
    empty: 'Your cart is empty.',
    continuePurchase: 'Continue shopping',
    details: 'Details',
    modify: 'Modify',
    remove: 'Delete',
    removeConfirm: 'Yes, remove it',
    shippingHeading: 'Shipping address',
    shipTo: 'Ship to',
    addNewAddress: 'Add a new address',
    forThisItemOnly: 'Use an address for this item only',
    missingHint: 'No address yet: choose one below or add a new one.',
    missingError: 'Choose where to send it.',
    alternative: 'See the alternative: Black & White',
    addressAdded: 'Address saved in your address book: J1897 will be sent there.',
    addressSaved: 'Shipping address saved for',
    temporary: 'A temporary address, for this item only:',
    waiverLabel: 'I ask for my membership to start as soon as it is paid',
    waiverOptional: 'Optional. Unticked, you keep your 14-day right of withdrawal',
    waived: 'Noted: your membership starts as soon as it is paid.',
    saveChoice: 'Save this choice',
    voucherLabel: 'Voucher code',
    applyVoucher: 'Apply voucher',
    removeVoucher: 'Remove voucher',
    checkout: 'Go to checkout',
    completeAddresses: 'Complete the shipping addresses of your items to go on.',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    total: 'Total',
    shipHere: 'Ship here',
    confirmTemporary: 'Confirm the temporary address',
    addressUnchanged: 'Nothing changed: the address stays as it was.',
    notSoldHere: 'This product is not sold in this country.',
    noShipping: 'We do not ship to this country.',
    unknownVoucher: 'We do not know this voucher code.',
    modified: 'Cart modified',
    checkoutHeading: 'Checkout',
    welcomeBack: 'Welcome back, Mario',
  },
  it: {
    heading: 'Il tuo carrello',
    empty: 'Il tuo carrello è vuoto.',
    continuePurchase: 'Continua gli acquisti',
    details: 'Dettagli',
    modify: 'Modifica',
    remove: 'Elimina',
    removeConfirm: 'Sì, toglilo',
    shippingHeading: 'Indirizzo di spedizione',
    shipTo: 'Spedisci a',
    addNewAddress: 'Aggiungi un nuovo indirizzo',
    forThisItemOnly: 'Usa un indirizzo solo per questo articolo',
    missingHint: 'Non ha ancora un indirizzo: sceglilo qui sotto o aggiungine uno.',
    missingError: 'Scegli dove spedirlo.',
    alternative: "Scopri l'alternativa: Black & White",
    addressAdded: 'Indirizzo salvato nella tua rubrica: J1897 sarà spedito lì.',
    addressSaved: 'Indirizzo di spedizione salvato per',
    temporary: 'Un indirizzo temporaneo, solo per questo articolo:',
    waiverLabel: 'Chiedo che la mia membership inizi appena pagata',
    waiverOptional: 'Facoltativo. Senza spunta mantieni il diritto di recesso di 14 giorni',
    waived: 'Preso nota: la membership inizia appena pagata.',
    saveChoice: 'Salva la scelta',
    voucherLabel: 'Codice voucher',
    applyVoucher: 'Applica il voucher',
    removeVoucher: 'Togli il voucher',
    checkout: 'Vai alla cassa',
    completeAddresses: 'Completa gli indirizzi di spedizione dei tuoi articoli per proseguire.',
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    total: 'Totale',
    shipHere: 'Spedisci qui',
    confirmTemporary: "Conferma l'indirizzo temporaneo",
    addressUnchanged: "Nessuna modifica: l'indirizzo resta quello di prima.",
    notSoldHere: 'Questo prodotto non è in vendita in questo paese.',
    noShipping: 'Non spediamo in questo paese.',
    unknownVoucher: 'Non conosciamo questo codice voucher.',
    modified: 'Carrello modificato',
    checkoutHeading: 'Cassa',
    welcomeBack: 'Ti diamo il bentornato, Mario',
  },
} as const;

export type CartTexts = (typeof CART_TEXTS)[Language];

/** The smallest PNG: an identity document's side, as the card's form uploads it. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5273de10000000049454e44ae426082',
  'hex',
);

/** The club card's buy form posted with an identity document (the 48 size, customised MARIO). */
export const CARD_WITH_DOCUMENT = {
  buyFor: 'BUY_CARD',
  variantId: 'jcard-48',
  customization: 'MARIO',
  documentType: 'IDENTITY',
  documentFront: { name: 'front.png', mimeType: 'image/png', buffer: PNG },
};

async function expectAdded(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  // The add answers 303 to /cart, which the request follows.
  expect(response.ok(), `added: ${response.status()}`).toBe(true);
  expect(new URL(response.url()).pathname).toBe('/cart');
}

/**
 * Fills the signed-in fan's cart through the configure forms' documented fields (docs/forms.md),
 * as support staff would with curl: J1897 for themselves (ships: a welcome pack), a gift of Kids
 * (virtual) and the club card with its identity document (ships).
 */
export async function fillCart(request: APIRequestContext): Promise<void> {
  await expectAdded(await request.post('/products/j1897/configure/buy', { form: { buyFor: 'BUY_CARD' } }));
  await expectAdded(
    await request.post('/products/kids/configure/gift', {
      form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'amica@example.org' },
    }),
  );
  await expectAdded(
    await request.post('/products/jcard/configure/buy', {
      multipart: CARD_WITH_DOCUMENT,
    }),
  );
}

/** Saves an address in the fan's book through the address form's fields. */
export async function saveAddress(request: APIRequestContext, fields: Record<string, string>): Promise<void> {
  const saved = await request.post('/account/addresses/new', {
    form: { firstName: 'Mario', lastName: 'Rossi', phone: '+39 333 1234567', ...fields },
  });
  expect(saved.ok(), `address saved: ${saved.status()}`).toBe(true);
}

/** The cart page's item named `name` (a list item labelled by its heading). */
export function cartItem(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

/** The cart box's figure for `label` (Subtotal, Shipping, Total…). */
export function cartFigure(page: Page, label: string): Locator {
  return page.getByRole('complementary').locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
}
