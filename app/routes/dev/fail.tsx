import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import type { Route } from './+types/fail';

/**
 * A server error on purpose, for the tests of the 500 page (issue 30): a GET fails in its loader
 * (the root loader still runs: the header knows the fan), a POST in its action (React Router
 * then runs no loader up to the root's boundary: the page falls back to what the server knows
 * of the request). Like every /dev/ page: a 404 in production and to anyone but this machine.
 */
export function loader({ context }: Route.LoaderArgs): never {
  refuseUnlessLocalDevelopment(context);
  throw new Error('a failure on purpose (/dev/fail)');
}

export function action({ context }: Route.ActionArgs): never {
  refuseUnlessLocalDevelopment(context);
  throw new Error('a failure on purpose (/dev/fail, posted)');
}

export default function Fail() {
  return null;
}
