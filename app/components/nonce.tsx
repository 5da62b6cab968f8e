import { createContext, useContext } from 'react';

/**
 * The request's CSP nonce during server rendering. In the browser it is empty: browsers
 * hide nonce attributes from the DOM and scripts added after hydration need none.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
