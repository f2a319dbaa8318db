import type { FastifyInstance } from 'fastify';

/** A JSON schema as the OpenAPI document holds the routes' zod schemas. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  default?: unknown;
};
export type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> };
};
/** One API operation: `METHOD /api/path/:param` as registered, its OpenAPI path and its operation. */
export type ApiRoute = { method: string; url: string; name: string; openApiPath: string; op: Operation };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every API route of the app's OpenAPI document but the docs' own pages. The document holds every
 * API route the server registers (a route hidden from it fails at start: plugins/openapi.ts), so
 * a route added later is in this table without anyone listing it.
 */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([openApiPath, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => {
        const url = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
        return { method: m.toUpperCase(), url, name: `${m.toUpperCase()} ${url}`, openApiPath, op };
      })
      .filter((r) => r.url.startsWith('/api/') && !isDocs(r.url)),
  );
}

/** The route's URL with each path parameter set (by name, else `fallback`), percent-encoded. */
export function fillPath(route: ApiRoute, values: Record<string, string> = {}, fallback = 'x'): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? fallback));
}
