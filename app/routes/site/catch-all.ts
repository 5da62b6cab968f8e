import { redirect } from 'react-router';

/** Any path without a route redirects to the home page (spec §2). */
export function loader() {
  return redirect('/', 302);
}

export function action() {
  return redirect('/', 302);
}
