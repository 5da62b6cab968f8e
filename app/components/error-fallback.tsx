import { createContext, useContext, useState } from 'react';

/**
 * What an error page needs from the request when the root loader's data is missing (the root
 * middleware refused, e.g. the 503 of an outage, or an action failed and React Router ran no
 * loader up to the root's boundary): the request id and the support URL. The server knows them
 * always (entry.server provides them from the request's context); the browser reads them back
 * from the error screen the server rendered, so hydration sees the same values.
 * Imported by entry.server and the lazy error screen only: no page's first load carries it.
 */
export type ErrorFallback = { requestId?: string; supportUrl?: string };

const ErrorFallbackContext = createContext<ErrorFallback | null>(null);

export const ErrorFallbackProvider = ErrorFallbackContext.Provider;

/** The error screen's elements the browser reads the values back from. */
export const ERROR_ID_ELEMENT = 'error-id';
export const SUPPORT_LINK_ELEMENT = 'error-support';

function fromDocument(): ErrorFallback {
  if (typeof document === 'undefined') return {};
  return {
    requestId: document.getElementById(ERROR_ID_ELEMENT)?.textContent ?? undefined,
    supportUrl: document.getElementById(SUPPORT_LINK_ELEMENT)?.getAttribute('href') ?? undefined,
  };
}

/** The server's values; in the browser, those the server put in the page (read once, at hydration). */
export function useErrorFallback(): ErrorFallback {
  const provided = useContext(ErrorFallbackContext);
  const [read] = useState(() => provided ?? fromDocument());
  return read;
}
