// New identity documents for a paid club card (issue 15) on a real database (PGlite, and
// PostgreSQL in the other project): the link's owner replaces the card's documents (the old files
// leave the store); anything else about the link is the same not-found; bad files are refused at
// their fields; fulfilment and support's request queue the mail with the link; a withdrawn card
// takes none.
import { and, eq, like } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import { mailOutbox, orderItemDocuments, orderItems } from '../app/.server/db/schema';
import { createReloadDocsLinks, expiryOf } from '../app/.server/services/reload-docs-link';
import { DOCUMENT_MAX_BYTES } from '../app/domain/document-upload';
import { reloadDocsPath, reloadDocsTargetOf } from '../app/domain/reload-docs';
import { shopContext } from '../app/context';
import * as devReloadDocs from '../app/routes/dev/reload-docs';
import * as reloadDocsRoute from '../app/routes/orders/reload-docs';
import { MARIO_PROFILE, scan, testDocumentStore, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { devPageArgs, statusOf } from './support/dev-pages';
import { couponMembershipInCart, placeRequest } from './support/orders';
import { cardOrdered, documentRowsOf, payOrder, runSecured } from './support/reload-docs';
import { serviceDepsFor, servicesFor } from './support/services';
import { createShopContext, signedInCookie } from './support/signed-in';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let uploads: ReturnType<typeof testDocumentStore>;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => context.get(shopContext).services;
const reloadDocs = () => services().reloadDocs;
// The shop's own links: the same session secret as the services' configuration.
const links = () => createReloadDocsLinks(serviceDepsFor(database).config);

beforeAll(async () => {
  database = await createTestDatabase();
  uploads = testDocumentStore(database);
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  context.set(shopContext, { ...context.get(shopContext), services: servicesFor(database, { clock, documents: uploads.store }) });
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

/** Mario Rossi signed in (a session cookie), with the profile buying needs. */
async function signedInFan(subject: string): Promise<TestFan & { cookie: string }> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: '2001:db8::15', cookie };
}

const buyCard = (fan: TestFan, paid = true) => cardOrdered(database, services(), fan, { clock, links: links(), paid });
/** The link the shop would mail now for the item's stored documents. */
const targetOf = async (itemId: string) => {
  const front = (await documentRowsOf(database, itemId)).find((row) => row.side === 'FRONT');
  return links().linkOf(itemId, front?.id ?? null, clock.now());
};
const expNow = () => String(expiryOf(clock.now()));
const passport = { documentFront: scan('passport-front.png', 'NEWFRONT'), documentBack: scan('passport-back.png', 'NEWBACK') };
const mailsFor = (itemId: string) => database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `reload-docs:${itemId}%`));

describe('the card’s owner, through the link', () => {
  it('sees the card and replaces its documents: new rows and type, old file gone from the store', async () => {
    const fan = await signedInFan('reload-owner');
    const { itemId } = await buyCard(fan);
    const [oldFront] = await documentRowsOf(database, itemId);
    expect(await uploads.store.get(oldFront!.storageId)).not.toBeNull();

    expect(await reloadDocs().open(fan.owner, await targetOf(itemId))).toMatchObject({ documentType: 'IDENTITY', productName: { en: 'Club Card' } });
    expect(oldFront).toMatchObject({ side: 'FRONT', fileName: 'front.png' });
    expect(await reloadDocs().replace({ owner: fan.owner, target: await targetOf(itemId), documentType: 'PASSPORT', uploads: passport })).toEqual({ ok: true, value: null });

    const rows = await documentRowsOf(database, itemId);
    expect(rows.map((row) => [row.side, row.fileName, row.fileType])).toEqual([
      ['BACK', 'passport-back.png', 'png'],
      ['FRONT', 'passport-front.png', 'png'],
    ]);
    expect((await database.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0]?.documentType).toBe('PASSPORT');
    expect(await uploads.store.get(oldFront!.storageId)).toBeNull();
    const newFront = await uploads.store.get(rows[1]!.storageId);
    expect(Buffer.from(newFront!.bytes).toString('latin1')).toContain('NEWFRONT');
    // Stored encrypted, as the cart's are.
    expect((await uploads.rawFile(rows[1]!.storageId)).toString('latin1')).not.toContain('NEWFRONT');
  });

  it('needs the type and the front: refused at the fields, nothing changed or stored', async () => {
    const fan = await signedInFan('reload-incomplete');
    const { itemId } = await buyCard(fan);
    const before = await documentRowsOf(database, itemId);
    const filesBefore = await uploads.files();
    const refused = await reloadDocs().replace({ owner: fan.owner, target: await targetOf(itemId), documentType: 'LICENCE', uploads: { documentBack: passport.documentBack } });
    expect(refused).toEqual({ ok: false, reason: 'invalid', fields: { documentType: 'invalid', documentFront: 'required' } });
    expect(await documentRowsOf(database, itemId)).toEqual(before);
    expect(await uploads.files()).toEqual(filesBefore);
  });
});

describe('a link that does not authorise the fan', () => {
  it('is not found alike for a wrong hash, another fan, a card not paid and an item that is not a card', async () => {
    const owner = await signedInFan('reload-victim');
    const stranger = await signedInFan('reload-stranger');
    const { itemId } = await buyCard(owner);
    const unpaid = await buyCard(await signedInFan('reload-unpaid'), false);
    const membershipFan = await signedInFan('reload-membership');
    const { billingAddressId } = await couponMembershipInCart(services(), membershipFan);
    const placed = await services().orders.place(placeRequest(membershipFan, { expectedTotalCents: 0, billingAddressId }));
    if (!placed.ok) throw new Error('membership not placed');
    const membershipItem = (await services().orders.find(membershipFan.owner, placed.value.orderId))?.lines[0]?.id ?? '';

    // The right hash with another last character that still decodes (A and E differ in its data
    // bits); always 'A' was the right hash itself one time in 16.
    const right = (await targetOf(itemId)).hash;
    const altered = `${right.slice(0, -1)}${right.endsWith('A') ? 'E' : 'A'}`;
    const cases = [
      { who: owner, target: { ...(await targetOf(itemId)), hash: (await targetOf(unpaid.itemId)).hash } },
      { who: owner, target: { ...(await targetOf(itemId)), hash: altered } },
      { who: stranger, target: await targetOf(itemId) },
      { who: (await signedInFan('reload-unpaid')), target: await targetOf(unpaid.itemId) },
      { who: membershipFan, target: await targetOf(membershipItem) },
      { who: owner, target: { ...(await targetOf(itemId)), orderItemId: 'not-a-uuid' } },
    ];
    const before = await documentRowsOf(database, itemId);
    const filesBefore = await uploads.files();
    for (const { who, target } of cases) {
      expect(await reloadDocs().open(who.owner, target), JSON.stringify(target)).toBeNull();
      expect(await reloadDocs().replace({ owner: who.owner, target, documentType: 'PASSPORT', uploads: passport })).toEqual({ ok: false, reason: 'not-found', fields: {} });
    }
    expect(await documentRowsOf(database, itemId)).toEqual(before);
    expect(await uploads.files()).toEqual(filesBefore);
  });
});

describe('a card its buyer withdrew from (issue 31)', () => {
  it('takes no new documents: its link is the same not-found as a wrong one, and support cannot ask for them', async () => {
    const fan = await signedInFan('reload-withdrawn');
    const { orderId, itemId } = await buyCard(fan);
    const target = await targetOf(itemId);
    expect(await reloadDocs().open(fan.owner, target)).toMatchObject({ productName: { en: 'Club Card' } });

    const withdrawn = await services().withdrawals.withdraw({ owner: fan.owner, orderId, itemIds: [itemId], key: crypto.randomUUID(), language: 'it' });
    expect(withdrawn.ok).toBe(true);
    expect(await documentRowsOf(database, itemId)).toEqual([]);
    const filesBefore = await uploads.files();

    expect(await reloadDocs().open(fan.owner, target)).toBeNull();
    expect(await reloadDocs().replace({ owner: fan.owner, target, documentType: 'PASSPORT', uploads: passport })).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect((await runSecured(context, reloadDocsRoute.loader as never, reloadDocsPath(target), { cookie: fan.cookie })).status).toBe(404);
    expect(await reloadDocs().requestDocuments({ orderItemId: itemId })).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await reloadDocs().requestDocuments({ orderId })).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await documentRowsOf(database, itemId)).toEqual([]);
    expect(await uploads.files()).toEqual(filesBefore);
  });
});

describe('a link past its day, or used (issue 30)', () => {
  it('works on its 14th day, is expired after it: the page says so (410), nothing is replaced', async () => {
    const fan = await signedInFan('reload-expired');
    const { itemId } = await buyCard(fan);
    const target = await targetOf(itemId);
    const before = await documentRowsOf(database, itemId);
    try {
      clock.set('2026-12-15T23:59:59Z');
      expect(await reloadDocs().open(fan.owner, target)).toMatchObject({ productName: { en: 'Club Card' } });
      clock.set('2026-12-16T00:00:00Z');
      expect(await reloadDocs().open(fan.owner, target)).toBe('expired');
      expect(await reloadDocs().replace({ owner: fan.owner, target, documentType: 'PASSPORT', uploads: passport })).toEqual({ ok: false, reason: 'expired', fields: {} });
      // Two weeks on, the fan signs in again (sessions expire too).
      const { cookie } = await signedInCookie(context, 'reload-expired', { firstName: 'Mario', lastName: 'Rossi' });
      const page = await runSecured(context, reloadDocsRoute.loader as never, reloadDocsPath(target), { cookie });
      expect(page).toMatchObject({ status: 410, data: { gone: 'expired', item: null } });
      // Someone else holding the expired link learns nothing: the same 404 as any wrong link.
      const stranger = await signedInFan('reload-expired-stranger');
      expect((await runSecured(context, reloadDocsRoute.loader as never, reloadDocsPath(target), { cookie: stranger.cookie })).status).toBe(404);
      expect(await documentRowsOf(database, itemId)).toEqual(before);
      // Support's new request that day mails a new link that works.
      expect(await reloadDocs().requestDocuments({ orderItemId: itemId })).toEqual({ ok: true, value: { outcomes: ['queued'] } });
      const [mail] = (await mailsFor(itemId)).filter((row) => row.dedupeKey.endsWith(`:${expNow()}`));
      const link = new URL(/https:\/\/shop\.example\/reload-docs\?\S+/.exec(mail!.textBody)![0]);
      expect(await reloadDocs().open(fan.owner, reloadDocsTargetOf(link)!)).toMatchObject({ productName: { en: 'Club Card' } });
    } finally {
      clock.set('2026-12-01T09:00:00Z');
    }
  });

  it('is used once the new documents are stored: a second upload through it is refused (410), a new link works', async () => {
    const fan = await signedInFan('reload-used');
    const { itemId } = await buyCard(fan);
    const target = await targetOf(itemId);
    expect(await reloadDocs().replace({ owner: fan.owner, target, documentType: 'PASSPORT', uploads: passport })).toEqual({ ok: true, value: null });
    const stored = await documentRowsOf(database, itemId);

    expect(await reloadDocs().open(fan.owner, target)).toBe('used');
    expect(await reloadDocs().replace({ owner: fan.owner, target, documentType: 'IDENTITY', uploads: passport })).toEqual({ ok: false, reason: 'used', fields: {} });
    expect(await runSecured(context, reloadDocsRoute.loader as never, reloadDocsPath(target), { cookie: fan.cookie })).toMatchObject({ status: 410, data: { gone: 'used' } });
    const body = new FormData();
    body.append('documentType', 'IDENTITY');
    body.append('documentFront', new File(['x'], 'a.png', { type: 'image/png' }));
    expect((await runSecured(context, reloadDocsRoute.action as never, reloadDocsPath(target), { cookie: fan.cookie, body })).status).toBe(410);
    expect(await documentRowsOf(database, itemId)).toEqual(stored);

    expect(await reloadDocs().open(fan.owner, await targetOf(itemId))).toMatchObject({ documentType: 'PASSPORT' });
  });
});

describe('the page (/reload-docs)', () => {
  const post = (fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };
  /** The smallest PNG (signature and header chunk: what the type check reads), padded to `size` bytes. */
  const png = (name: string, size = 128) => {
    const bytes = new Uint8Array(size);
    bytes.set(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'));
    return new File([bytes], name, { type: 'image/png' });
  };

  it('goes home without id or hash, and is the 404 page for a wrong hash', async () => {
    const fan = await signedInFan('reload-page-links');
    const { itemId } = await buyCard(fan);
    for (const path of ['/reload-docs', `/reload-docs?id=${itemId}`, '/reload-docs?hash=abc']) {
      expect(await runSecured(context, reloadDocsRoute.loader as never, path, { cookie: fan.cookie })).toMatchObject({ status: 302, location: '/' });
    }
    const wrong = reloadDocsPath({ ...(await targetOf(itemId)), hash: links().linkOf(fan.owner.customerId, null, clock.now()).hash });
    expect((await runSecured(context, reloadDocsRoute.loader as never, wrong, { cookie: fan.cookie })).status).toBe(404);
    expect((await runSecured(context, reloadDocsRoute.action as never, wrong, { cookie: fan.cookie, body: post({ documentType: 'PASSPORT', documentFront: png('a.png') }) })).status).toBe(404);
    const page = await runSecured(context, reloadDocsRoute.loader as never, reloadDocsPath(await targetOf(itemId)), { cookie: fan.cookie });
    expect(page).toMatchObject({ status: 200, data: { item: { productName: 'Club Card', documentType: 'IDENTITY' } } });
  });

  it('refuses bad files at their fields (400): a file that is no image, a missing front, one over 4 MB', async () => {
    const fan = await signedInFan('reload-page-files');
    const { itemId } = await buyCard(fan);
    const path = reloadDocsPath(await targetOf(itemId));
    const before = await documentRowsOf(database, itemId);
    const send = (fields: Record<string, string | File>) => runSecured(context, reloadDocsRoute.action as never, path, { cookie: fan.cookie, body: post(fields) });

    const notAnImage = await send({ documentType: 'PASSPORT', documentFront: new File(['just text'], 'front.png', { type: 'image/png' }) });
    expect(notAnImage).toMatchObject({ status: 400, data: { result: { error: { documentFront: ['configureParts:errors.documents.type'] } } } });
    const noFront = await send({ documentType: '', documentBack: png('back.png') });
    expect(noFront).toMatchObject({ status: 400, data: { result: { error: { documentType: ['forms:fields.required'], documentFront: ['forms:fields.required'] } } } });
    const tooLarge = await send({ documentType: 'PASSPORT', documentFront: png('big.png', DOCUMENT_MAX_BYTES + 1) });
    expect(tooLarge).toMatchObject({ status: 400, data: { result: { error: { documentFront: ['configureParts:errors.documents.tooLarge'] } } } });
    // Nothing else is lost (issue 30 item 5): the type stays chosen, with no false "required",
    // and the good front, not kept from a refused post, is asked for again.
    const largeBack = await send({ documentType: 'PASSPORT', documentFront: png('front.png'), documentBack: png('big.png', DOCUMENT_MAX_BYTES + 1) });
    expect(largeBack).toMatchObject({ status: 400, data: { result: { initialValue: { documentType: 'PASSPORT' } } } });
    expect((largeBack.data as { result: { error: unknown } }).result.error).toEqual({
      documentFront: ['configureParts:errors.documents.chooseAgain'],
      documentBack: ['configureParts:errors.documents.tooLarge'],
    });
    expect(await documentRowsOf(database, itemId)).toEqual(before);

    const saved = await send({ documentType: 'PASSPORT', documentFront: png('exactly-4mb.png', DOCUMENT_MAX_BYTES) });
    expect(saved).toMatchObject({ status: 303, location: '/thankyou?documents=1' });
    expect((await documentRowsOf(database, itemId)).map((row) => [row.side, row.fileName, row.sizeBytes])).toEqual([['FRONT', 'exactly-4mb.png', DOCUMENT_MAX_BYTES]]);
  });
});

describe('the mail with the link', () => {
  it('goes out from fulfilment for a paid card without a front, once, with the link that works', async () => {
    const fan = await signedInFan('reload-mail-fulfil');
    const { orderId, itemId } = await buyCard(fan, false);
    await database.db.delete(orderItemDocuments).where(eq(orderItemDocuments.orderItemId, itemId));
    expect(await payOrder(database, orderId, { clock, links: links() })).toBe(true);
    expect(await services().orders.fulfil(orderId)).toBe('not-paid');

    const mails = await mailsFor(itemId);
    expect(mails.map((mail) => [mail.dedupeKey, mail.kind, mail.toAddress, mail.language])).toEqual([[`reload-docs:${itemId}:${expNow()}`, 'reload-docs', 'reload-mail-fulfil@example.org', 'it']]);
    const link = new URL(/https:\/\/shop\.example\/reload-docs\?\S+/.exec(mails[0]!.textBody)![0]);
    expect(link.searchParams.get('id')).toBe(itemId);
    expect(await reloadDocs().open(fan.owner, reloadDocsTargetOf(link)!)).toMatchObject({ productName: { en: 'Club Card' } });
  });

  it('does not go out from fulfilment for a card with its front', async () => {
    const { itemId } = await buyCard(await signedInFan('reload-mail-none'));
    expect(await mailsFor(itemId)).toEqual([]);
  });

  it('goes out when support asks, by item or by order; again only once new documents came', async () => {
    const fan = await signedInFan('reload-mail-support');
    const { orderId, itemId } = await buyCard(fan);
    expect(await reloadDocs().requestDocuments({ orderItemId: itemId })).toEqual({ ok: true, value: { outcomes: ['queued'] } });
    expect(await reloadDocs().requestDocuments({ orderId })).toEqual({ ok: true, value: { outcomes: ['already-queued'] } });
    expect(await mailsFor(itemId)).toHaveLength(1);

    await reloadDocs().replace({ owner: fan.owner, target: await targetOf(itemId), documentType: 'PASSPORT', uploads: passport });
    expect(await reloadDocs().requestDocuments({ orderId })).toEqual({ ok: true, value: { outcomes: ['queued'] } });
    expect(await mailsFor(itemId)).toHaveLength(2);
  });

  it('is refused (not found) for an unknown id, an unpaid card and an order with no card', async () => {
    const unpaid = await buyCard(await signedInFan('reload-mail-unpaid'), false);
    const membershipFan = await signedInFan('reload-mail-membership');
    const { billingAddressId } = await couponMembershipInCart(services(), membershipFan);
    const placed = await services().orders.place(placeRequest(membershipFan, { expectedTotalCents: 0, billingAddressId }));
    if (!placed.ok) throw new Error('membership not placed');
    for (const target of [{ orderItemId: '00000000-0000-4000-8000-000000000000' }, { orderId: 'nonsense' }, { orderItemId: unpaid.itemId }, { orderId: placed.value.orderId }]) {
      expect(await reloadDocs().requestDocuments(target), JSON.stringify(target)).toEqual({ ok: false, reason: 'not-found', fields: {} });
    }
    expect(await database.db.select().from(mailOutbox).where(and(like(mailOutbox.dedupeKey, 'reload-docs:%'), eq(mailOutbox.toAddress, 'reload-mail-unpaid@example.org')))).toEqual([]);
  });
});

describe('support’s page (/dev/reload-docs)', () => {
  /** The page's args; with the sign-in runtime, whose session carries the notice. */
  const ask = (production: boolean, remoteAddress: string, id: string) => {
    const args = devPageArgs(database, production, remoteAddress)('/dev/reload-docs', { method: 'POST', body: new URLSearchParams({ id }) }) as { context: RouterContextProvider };
    args.context.set(authContext, context.get(authContext));
    return args as never;
  };

  it('queues the mail for a paid card by its order’s id, and says which id it does not know (400)', async () => {
    const { orderId, itemId } = await buyCard(await signedInFan('reload-dev-page'));
    const answer = (await devReloadDocs.action(ask(false, '127.0.0.1', ` ${orderId} `))) as Response;
    expect([answer.status, answer.headers.get('Location')]).toEqual([303, '/dev/reload-docs']);
    expect((await mailsFor(itemId)).map((mail) => mail.dedupeKey)).toEqual([
      // The dev page's services run on the system clock: the expiry is that day's.
      expect.stringMatching(new RegExp(`^reload-docs:${itemId}:${(await documentRowsOf(database, itemId))[0]?.id}:\\d+$`)),
    ]);
    const unknown = (await devReloadDocs.action(ask(false, '127.0.0.1', '00000000-0000-4000-8000-000000000000'))) as { init: ResponseInit; data: { reply: { error: unknown } } };
    expect([unknown.init.status, unknown.data.reply.error]).toEqual([400, { id: ['dev:reloadDocs.notFound'] }]);
  });

  it('is the 404 page in production and to another machine, and queues nothing', async () => {
    const { itemId } = await buyCard(await signedInFan('reload-dev-guard'));
    expect(await statusOf(() => devReloadDocs.action(ask(true, '127.0.0.1', itemId)))).toBe(404);
    expect(await statusOf(() => devReloadDocs.action(ask(false, '192.168.1.20', itemId)))).toBe(404);
    expect(await mailsFor(itemId)).toEqual([]);
  });
});
