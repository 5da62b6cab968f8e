import { useRouteLoaderData } from 'react-router';
import type { loader } from './root';

/**
 * The root loader's data (language, request id, support URL); undefined if the root loader failed.
 * Not in root.tsx: a module that imports the root route's module makes Rollup split it into a
 * shared chunk plus a re-exporting route chunk, one more request on every page.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
