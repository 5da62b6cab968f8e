import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.ts'),
  route('products', 'routes/products.tsx'),
  route('error', 'routes/error.tsx'),
  route('language', 'routes/language.tsx'),
  // Unknown paths go home (spec); it also keeps the root middleware running for every URL.
  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
