import type { RegisteredRoute } from '../http/access';

/** A concrete address for a route pattern: every path parameter becomes `id` (a well-formed UUID by default). */
export function concreteUrl(pattern: string, id = '00000000-0000-4000-8000-000000000000'): string {
  return pattern.replace(/:[A-Za-z_]+/g, id);
}

/** The API routes a client calls: under /api/, without the HEAD twins Fastify adds to every GET. */
export function apiRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
}

/** `/api/contacts/:id` → `/api/contacts/{id}`, as the OpenAPI document names paths. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z_]+)/g, '{$1}');
}
