import { describe, expect, it } from 'vitest';
import {
  acceptsNewDocuments,
  DOCUMENTS_RECEIVED_PATH,
  isDocumentsThankYou,
  needsDocumentsMail,
  readDocumentType,
  reloadDocsMailKey,
  reloadDocsPath,
  reloadDocsTargetOf,
} from './reload-docs';

const ITEM = '0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20';

describe('the reload-docs link', () => {
  const link = (orderItemId: string, hash: string) => ({ orderItemId, exp: '1796083199', v: 'fp', hash });

  it('carries the item, its expiry, the documents it replaces and its hash, encoded', () => {
    expect(reloadDocsPath(link(ITEM, 'ab-_CD'))).toBe(`/reload-docs?id=${ITEM}&exp=1796083199&v=fp&hash=ab-_CD`);
    expect(reloadDocsPath(link('a&b', 'x=y+z'))).toBe('/reload-docs?id=a%26b&exp=1796083199&v=fp&hash=x%3Dy%2Bz');
  });

  it('is read back from the page address, whatever else it holds', () => {
    const url = new URL(`https://shop.example${reloadDocsPath(link(ITEM, 'h4sh'))}&utm_source=mail`);
    expect(reloadDocsTargetOf(url)).toEqual({ orderItemId: ITEM, hash: 'h4sh', exp: '1796083199', v: 'fp' });
    expect(reloadDocsTargetOf(new URL(`https://shop.example${reloadDocsPath(link('a&b', 'x=y+z'))}`))).toMatchObject({ orderItemId: 'a&b', hash: 'x=y+z' });
    // A link mailed before expiry existed: read, with no expiry (the service says it expired).
    expect(reloadDocsTargetOf(new URL(`https://shop.example/reload-docs?id=${ITEM}&hash=h4sh`))).toEqual({ orderItemId: ITEM, hash: 'h4sh', exp: '', v: '' });
  });

  it('names nothing without both the id and the hash', () => {
    for (const query of ['', `?id=${ITEM}`, '?hash=h4sh', `?id=${ITEM}&hash=`, '?id=&hash=h4sh']) {
      expect(reloadDocsTargetOf(new URL(`https://shop.example/reload-docs${query}`)), query).toBeNull();
    }
  });
});

describe('which items take new documents', () => {
  it('a club card of a paid or fulfilled order', () => {
    expect(acceptsNewDocuments({ kind: 'card', orderStatus: 'paid', withdrawn: false })).toBe(true);
    expect(acceptsNewDocuments({ kind: 'card', orderStatus: 'fulfilled', withdrawn: false })).toBe(true);
  });

  it('not a card awaiting payment, cancelled or expired, nor anything but a card', () => {
    for (const orderStatus of ['awaiting_payment', 'cancelled', 'expired'] as const) {
      expect(acceptsNewDocuments({ kind: 'card', orderStatus, withdrawn: false }), orderStatus).toBe(false);
    }
    expect(acceptsNewDocuments({ kind: 'membership', orderStatus: 'fulfilled', withdrawn: false })).toBe(false);
    expect(acceptsNewDocuments({ kind: 'other', orderStatus: 'paid', withdrawn: false })).toBe(false);
  });

  it('not a card its buyer withdrew from (issue 31), whatever its order', () => {
    for (const orderStatus of ['paid', 'fulfilled'] as const) {
      expect(acceptsNewDocuments({ kind: 'card', orderStatus, withdrawn: true }), orderStatus).toBe(false);
    }
    expect(needsDocumentsMail({ kind: 'card', orderStatus: 'fulfilled', sides: [], withdrawn: true })).toBe(false);
  });

  it('asks by mail only for a paid card without a front', () => {
    expect(needsDocumentsMail({ kind: 'card', orderStatus: 'fulfilled', sides: [] })).toBe(true);
    expect(needsDocumentsMail({ kind: 'card', orderStatus: 'fulfilled', sides: ['BACK'] })).toBe(true);
    expect(needsDocumentsMail({ kind: 'card', orderStatus: 'fulfilled', sides: ['FRONT'] })).toBe(false);
    expect(needsDocumentsMail({ kind: 'card', orderStatus: 'awaiting_payment', sides: [] })).toBe(false);
    expect(needsDocumentsMail({ kind: 'membership', orderStatus: 'fulfilled', sides: [] })).toBe(false);
  });
});

describe('the mail’s dedupe key', () => {
  it('is the item and the link’s expiry without a front, and changes with the front it replaces and the day', () => {
    expect(reloadDocsMailKey(ITEM, null, '100')).toBe(`reload-docs:${ITEM}:100`);
    expect(reloadDocsMailKey(ITEM, 'doc-1', '100')).toBe(`reload-docs:${ITEM}:doc-1:100`);
    expect(reloadDocsMailKey(ITEM, 'doc-1', '100')).not.toBe(reloadDocsMailKey(ITEM, 'doc-2', '100'));
    expect(reloadDocsMailKey(ITEM, 'doc-1', '100')).not.toBe(reloadDocsMailKey(ITEM, 'doc-1', '200'));
  });
});

describe('the document type', () => {
  it('is PASSPORT or IDENTITY, trimmed', () => {
    expect(readDocumentType('PASSPORT')).toEqual({ documentType: 'PASSPORT' });
    expect(readDocumentType(' IDENTITY ')).toEqual({ documentType: 'IDENTITY' });
  });

  it('is required, and nothing else is one', () => {
    expect(readDocumentType('')).toEqual({ problem: 'required' });
    expect(readDocumentType('   ')).toEqual({ problem: 'required' });
    expect(readDocumentType('identity')).toEqual({ problem: 'invalid' });
    expect(readDocumentType('DRIVING_LICENCE')).toEqual({ problem: 'invalid' });
  });
});

describe('the thank-you page after new documents', () => {
  it('is told apart by `documents=1`', () => {
    expect(isDocumentsThankYou(new URL(`https://shop.example${DOCUMENTS_RECEIVED_PATH}`))).toBe(true);
    expect(isDocumentsThankYou(new URL('https://shop.example/thankyou'))).toBe(false);
    expect(isDocumentsThankYou(new URL('https://shop.example/thankyou?orderId=x&documents=0'))).toBe(false);
  });
});
