import type { MiddlewareFunction } from 'react-router';

/**
 * Route middleware for personal pages (the secured layout, sign-in, sign-up, the login
 * callback): neither a shared cache nor the browser's history cache keeps them, for the HTML and
 * the `.data` responses alike (both pass through route middleware).
 */
export const noStore: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
};
