import adyen from '@adyen/api-library';
import type { PaymentsConfig } from './config';

type ClientInterface = ConstructorParameters<typeof adyen.Client>[1];
type RequestOptions = NonNullable<Parameters<NonNullable<ClientInterface>['request']>[4]>;

/** The Checkout API bases the library builds its URLs on (test, and live with the account's prefix). */
const LIBRARY_CHECKOUT_BASE = /^https:\/\/(?:checkout-test\.adyen\.com|[A-Za-z0-9-]+-checkout-live\.adyenpayments\.com\/checkout)(?=\/)/;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The HTTP client `@adyen/api-library` sends its requests through (the library's own is
 * HTTPS-only and cannot be pointed elsewhere: LIBRARY-NOTES). It sends every Checkout API request
 * to `config.checkoutApiUrl` — Adyen's own URL, or the simulator's — with the API key and the
 * `Idempotency-Key`, and turns an error answer into the library's `HttpClientException`, as
 * Adyen's client does. A URL of any other Adyen API is refused: the key never goes elsewhere.
 */
export class CheckoutHttpClient implements NonNullable<ClientInterface> {
  constructor(private readonly config: Pick<PaymentsConfig, 'checkoutApiUrl' | 'apiKey'>) {}

  async request(endpoint: string, json: string | Buffer, _libraryConfig: unknown, _isApiKeyRequired: boolean, options: RequestOptions = {}): Promise<string> {
    const base = LIBRARY_CHECKOUT_BASE.exec(endpoint);
    if (!base) throw new Error(`payments: not a Checkout API URL: ${endpoint}`);
    const url = new URL(this.config.checkoutApiUrl + endpoint.slice(base[0].length));
    if (options.params) for (const [name, value] of new URLSearchParams(options.params as Record<string, string>)) url.searchParams.append(name, value);
    const method = (options.method ?? 'POST').toUpperCase();
    const headers: Record<string, string> = { 'X-API-Key': this.config.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'GET' || method === 'DELETE' ? undefined : json.toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    if (response.ok) return body;
    throw errorOf(response, body);
  }
}

/** Adyen's error body (`{status, errorCode, message, errorType}`) as the library's exception; anything else with the status alone. */
function errorOf(response: Response, body: string): InstanceType<typeof adyen.HttpClientException> {
  let apiError: { status?: number; errorCode?: string; message?: string; errorType?: string } | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed !== null && typeof parsed === 'object' && 'status' in parsed) apiError = parsed as typeof apiError;
  } catch {
    apiError = undefined;
  }
  return new adyen.HttpClientException({
    message: `HTTP Exception: ${apiError?.status ?? response.status}. ${response.statusText}${apiError?.message ? `: ${apiError.message}` : ''}`,
    statusCode: apiError?.status ?? response.status,
    errorCode: apiError?.errorCode,
    responseBody: body,
    // The library's ApiError type has more optional fields; what Adyen sends is a subset of them.
    apiError: apiError as never,
  });
}

/** The Checkout API for these settings, through the library, whichever end answers. */
export function checkoutApi(config: PaymentsConfig) {
  const client = new adyen.Client(
    {
      apiKey: config.apiKey,
      environment: config.environment === 'live' ? adyen.EnvironmentEnum.LIVE : adyen.EnvironmentEnum.TEST,
      ...(config.environment === 'live' ? { liveEndpointUrlPrefix: new URL(config.checkoutApiUrl).hostname.replace(/-checkout-live\.adyenpayments\.com$/, '') } : {}),
    },
    new CheckoutHttpClient(config),
  );
  return new adyen.CheckoutAPI(client);
}
