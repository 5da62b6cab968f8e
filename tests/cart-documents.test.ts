// The club card through the cart service: its identity documents stored encrypted and linked,
// refused without a front, replaced on edit, and never left behind by a failed save.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItemDocuments, cartItems, carts } from '../app/.server/db/schema';
import type { DocumentStore } from '../app/.server/uploads/document-store';
import { manualClock } from './support/clock';
import { boyBornInRome, configureRequest, draftWith, newFan, scan, testDocumentStore } from './support/cart';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
let uploads: ReturnType<typeof testDocumentStore>;
const clock = manualClock('2026-03-01T09:00:00Z');
const services = (documents: DocumentStore = uploads.store) => servicesFor(database, { clock, documents });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  uploads = testDocumentStore(database);
});

const cardDraft = (fields = {}) => draftWith({ buyFor: 'BUY_CARD', variantId: 'jcard-48', documentType: 'IDENTITY', customization: 'Nicolò10', ...fields });

async function documentRowsOf(customerId: string) {
  const items = await database.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.customerId, customerId));
  if (items.length === 0) return [];
  return database.db.select().from(cartItemDocuments).where(inArray(cartItemDocuments.cartItemId, items.map((item) => item.id)));
}

describe('the club card', () => {
  it('refuses a card without the front of the document: nothing is stored, no row, no file', async () => {
    const fan = await newFan(services(), 'card-no-front');
    const onlyBack = { documentBack: scan('back.png', 'BACKSIDE') };
    expect(await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents: onlyBack }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { documentFront: 'required' },
    });
    expect(await cart().countItems(fan.owner)).toBe(0);
    expect(await uploads.files()).toEqual([]);
  });

  it('stores both sides encrypted and links them to the item, with the price, size and customisation', async () => {
    const fan = await newFan(services(), 'card-ok');
    const documents = { documentFront: scan('C:\\scans\\front.png', 'FRONTSIDE'), documentBack: scan('back.png', 'BACKSIDE') };
    const result = await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents }));
    if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
    expect(await cart().listItems(fan.owner)).toMatchObject([
      {
        productId: 'jcard',
        buyFor: 'BUY_CARD',
        holder: null,
        variantId: 'jcard-48',
        customization: 'NICOLO10',
        documentType: 'IDENTITY',
        unitPriceCents: 1000,
        automaticRenewal: false,
        documents: [
          { side: 'FRONT', fileName: 'front.png', fileType: 'png', size: documents.documentFront.bytes.byteLength },
          { side: 'BACK', fileName: 'back.png', fileType: 'png', size: documents.documentBack.bytes.byteLength },
        ],
      },
    ]);
    const rows = await documentRowsOf(fan.owner.customerId);
    expect(rows.map((row) => row.storageId).sort()).toEqual(await uploads.files());
    for (const row of rows) {
      const raw = await uploads.rawFile(row.storageId);
      expect(raw.includes(Buffer.from('FRONTSIDE'))).toBe(false);
      expect(raw.includes(Buffer.from('BACKSIDE'))).toBe(false);
      const stored = await uploads.store.get(row.storageId);
      expect(Buffer.from(stored?.bytes ?? []).toString('latin1')).toContain(row.side === 'FRONT' ? 'FRONTSIDE' : 'BACKSIDE');
    }
  });

  it('takes one card per holder: the same card sent four times makes one item, another holder gets theirs', async () => {
    const fan = await newFan(services(), 'card-four-times');
    const send = (draft = cardDraft()) =>
      cart().configureItem(configureRequest(fan, 'jcard', 'buy', draft, { documents: { documentFront: scan('front.png', 'FRONTSIDE') } }));
    const outcomes = [];
    for (let copy = 0; copy < 4; copy += 1) outcomes.push(await send());
    expect(outcomes[0]).toEqual({ ok: true, value: { itemId: expect.any(String) } });
    expect(outcomes.slice(1)).toEqual(Array(3).fill({ ok: false, reason: 'invalid', fields: { product: 'cardForHolderInCart' } }));
    expect(await cart().countItems(fan.owner)).toBe(1);
    // The refused copies left no document behind.
    expect(await documentRowsOf(fan.owner.customerId)).toHaveLength(1);
    const sister = { ...boyBornInRome('2012-03-15', { firstName: 'Lucia' }), gender: 'F', taxCode: 'RSSLCU12C55H501P' };
    expect(await send(cardDraft(sister))).toEqual({ ok: true, value: { itemId: expect.any(String) } });
    expect(await send(cardDraft(sister))).toEqual({ ok: false, reason: 'invalid', fields: { product: 'cardForHolderInCart' } });
  });

  it('refuses a sold-out size, storing nothing', async () => {
    const fan = await newFan(services(), 'card-sold-out');
    const documents = { documentFront: scan('front.png', 'FRONTSIDE') };
    expect(await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft({ variantId: 'jcard-64' }), { documents }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { variantId: 'soldOut' },
    });
    expect(await uploads.files()).toEqual([]);
  });

  it('leaves no document and no row when storing fails halfway (the transaction rolls back)', async () => {
    const fan = await newFan(services(), 'card-disk-full');
    let puts = 0;
    const failingSecondPut: DocumentStore = {
      ...uploads.store,
      async put(tx, bytes, meta) {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        return uploads.store.put(tx, bytes, meta);
      },
    };
    const documents = { documentFront: scan('front.png', 'FRONTSIDE'), documentBack: scan('back.png', 'BACKSIDE') };
    await expect(services(failingSecondPut).cart.configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents }))).rejects.toThrow(
      'disk full',
    );
    expect(puts).toBe(2);
    expect(await uploads.files()).toEqual([]);
    expect(await cart().countItems(fan.owner)).toBe(0);
    expect(await documentRowsOf(fan.owner.customerId)).toEqual([]);
  });
});

describe('editing a card', () => {
  async function addedCard(subject: string) {
    const fan = await newFan(services(), subject);
    const documents = { documentFront: scan('front-1.png', 'FRONT-ONE'), documentBack: scan('back-1.png', 'BACK-ONE') };
    const result = await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents }));
    if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
    const rows = await documentRowsOf(fan.owner.customerId);
    const storageOf = (side: string) => rows.find((row) => row.side === side)?.storageId ?? '';
    return { fan, itemId: result.value.itemId, front: storageOf('FRONT'), back: storageOf('BACK') };
  }

  it('keeps the stored documents when none are sent (the prefilled draft saves the same item)', async () => {
    const { fan, itemId, front, back } = await addedCard('edit-card-keep');
    const before = await cart().findItem(fan.owner, itemId);
    if (!before) throw new Error('not found');
    const saved = await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cart().draftOf(before), { cartItemId: itemId }));
    expect(saved).toEqual({ ok: true, value: { itemId } });
    expect(await cart().findItem(fan.owner, itemId)).toEqual(before);
    expect(await uploads.files()).toEqual([front, back].sort());
  });

  it('replaces a side that is sent again and deletes the old file; the other side stays', async () => {
    const { fan, itemId, front, back } = await addedCard('edit-card-replace');
    const documents = { documentFront: scan('front-2.png', 'FRONT-TWO') };
    const saved = await cart().configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft({ variantId: 'jcard-52' }), { cartItemId: itemId, documents }));
    expect(saved).toEqual({ ok: true, value: { itemId } });
    const rows = await documentRowsOf(fan.owner.customerId);
    const newFront = rows.find((row) => row.side === 'FRONT')?.storageId ?? '';
    expect(newFront).not.toBe(front);
    expect(rows.find((row) => row.side === 'BACK')?.storageId).toBe(back);
    expect(await uploads.files()).toEqual([newFront, back].sort());
    expect(await uploads.store.get(front)).toBeNull();
    expect(await cart().findItem(fan.owner, itemId)).toMatchObject({
      variantId: 'jcard-52',
      documents: [{ side: 'FRONT', fileName: 'front-2.png' }, { side: 'BACK', fileName: 'back-1.png' }],
    });
  });

  it('asks for a new front when the document type changes, and drops the old back with it', async () => {
    const { fan, itemId, front, back } = await addedCard('edit-card-type');
    const passport = cardDraft({ documentType: 'PASSPORT' });
    expect(await cart().configureItem(configureRequest(fan, 'jcard', 'buy', passport, { cartItemId: itemId }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { documentFront: 'required' },
    });
    expect(await uploads.files()).toEqual([front, back].sort());
    const documents = { documentFront: scan('passport.pdf', 'PASSPORT') };
    expect(await cart().configureItem(configureRequest(fan, 'jcard', 'buy', passport, { cartItemId: itemId, documents }))).toEqual({ ok: true, value: { itemId } });
    const rows = await documentRowsOf(fan.owner.customerId);
    expect(rows.map((row) => row.side)).toEqual(['FRONT']);
    expect(await uploads.files()).toEqual([rows[0]?.storageId]);
  });
});
