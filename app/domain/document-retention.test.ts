import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_RETENTION_DAYS, documentDeletableFrom, isDocumentDue, isErasableOnRequest, retentionMs, type DocumentRetentionFacts } from './document-retention';

const THIRTY_DAYS = retentionMs(DEFAULT_DOCUMENT_RETENTION_DAYS);
const at = (iso: string) => new Date(iso);
const fulfilled: DocumentRetentionFacts = { orderStatus: 'fulfilled', fulfilledAt: at('2026-03-01T10:00:00Z'), closedAt: null, storedAt: at('2026-02-28T09:00:00Z') };

describe('how long identity documents are kept', () => {
  it('is 30 days by default', () => {
    expect(THIRTY_DAYS).toBe(30 * 86_400_000);
  });

  it('deletes a fulfilled card’s documents 30 days after fulfilment, not a millisecond before', () => {
    expect(documentDeletableFrom(fulfilled, THIRTY_DAYS)).toEqual(at('2026-03-31T10:00:00Z'));
    expect(isDocumentDue(fulfilled, THIRTY_DAYS, at('2026-03-31T09:59:59.999Z'))).toBe(false);
    expect(isDocumentDue(fulfilled, THIRTY_DAYS, at('2026-03-31T10:00:00Z'))).toBe(true);
  });

  it('counts from the document’s arrival when it came after the order ended (sent again through the link)', () => {
    const reloaded = { ...fulfilled, storedAt: at('2026-03-20T08:00:00Z') };
    expect(isDocumentDue(reloaded, THIRTY_DAYS, at('2026-04-19T07:59:59.999Z'))).toBe(false);
    expect(isDocumentDue(reloaded, THIRTY_DAYS, at('2026-04-19T08:00:00Z'))).toBe(true);
  });

  it.each(['cancelled', 'expired'] as const)('deletes a %s order’s documents 30 days after it closed', (orderStatus) => {
    const closed = { orderStatus, fulfilledAt: null, closedAt: at('2026-03-01T10:00:00Z'), storedAt: at('2026-03-01T09:30:00Z') };
    expect(isDocumentDue(closed, THIRTY_DAYS, at('2026-03-31T09:59:59.999Z'))).toBe(false);
    expect(isDocumentDue(closed, THIRTY_DAYS, at('2026-03-31T10:00:00Z'))).toBe(true);
  });

  it.each(['awaiting_payment', 'paid'] as const)('keeps them while the order is %s, however old', (orderStatus) => {
    const open = { orderStatus, fulfilledAt: null, closedAt: null, storedAt: at('2020-01-01T00:00:00Z') };
    expect(documentDeletableFrom(open, THIRTY_DAYS)).toBeNull();
    expect(isDocumentDue(open, THIRTY_DAYS, at('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('follows a shorter configured retention (one day)', () => {
    expect(isDocumentDue(fulfilled, retentionMs(1), at('2026-03-02T10:00:00Z'))).toBe(true);
    expect(isDocumentDue(fulfilled, retentionMs(1), at('2026-03-02T09:59:59Z'))).toBe(false);
  });
});

describe('erasing a fan’s identity documents on request', () => {
  it('takes those in the cart and those of ended orders at once, whatever the retention', () => {
    expect(isErasableOnRequest(null)).toBe(true);
    expect(isErasableOnRequest('fulfilled')).toBe(true);
    expect(isErasableOnRequest('cancelled')).toBe(true);
    expect(isErasableOnRequest('expired')).toBe(true);
  });

  it('keeps those of an order still open: the club needs them to issue the card', () => {
    expect(isErasableOnRequest('awaiting_payment')).toBe(false);
    expect(isErasableOnRequest('paid')).toBe(false);
  });
});
