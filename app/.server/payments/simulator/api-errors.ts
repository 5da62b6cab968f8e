import type { Response } from 'express';

/**
 * Adyen's error body (docs.adyen.com "Error codes and messages": `{status, errorCode, message,
 * errorType}`), thrown by the request readers and answered by the API router, so that bad input
 * gets Adyen's shape and never a 500.
 */
export class AdyenApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly errorType: 'validation' | 'security' | 'internal' | 'configuration',
  ) {
    super(message);
    this.name = 'AdyenApiError';
  }

  get body() {
    return { status: this.status, errorCode: this.errorCode, message: this.message, errorType: this.errorType };
  }
}

/** A 422 validation error with Adyen's code. */
export function invalid(errorCode: string, message: string): AdyenApiError {
  return new AdyenApiError(422, errorCode, message, 'validation');
}

export function sendAdyenError(res: Response, error: AdyenApiError): void {
  res.status(error.status).json(error.body);
}

/** Adyen's 403 for another merchant account than the API key's (code 901). */
export const INVALID_MERCHANT_ACCOUNT = new AdyenApiError(403, '901', 'Invalid Merchant Account', 'security');
/** Adyen's 401 for a wrong API key, as its Checkout API sends it (code 000). */
export const UNAUTHORIZED = new AdyenApiError(401, '000', 'HTTP Status Response - Unauthorized', 'security');
