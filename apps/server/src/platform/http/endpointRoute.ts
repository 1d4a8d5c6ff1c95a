import type { Endpoint } from '@linewalker/domain';
import { z } from 'zod';

interface RouteDoc<Errors extends Record<number, z.ZodType>> {
  /** OpenAPI tags and summary (and a longer description) of the route. */
  tags: string[];
  summary: string;
  description?: string;
  /** The error answers the route documents, by status (the catalogue's `ApiError`). */
  errors?: Errors;
}

type SchemaPart<Key extends string, S> = S extends z.ZodType ? { [K in Key]: S } : { [K in Key]?: never };

/** The success status of an endpoint: its `status`, else 200. */
type SuccessStatus<E extends Endpoint> =
  number extends NonNullable<E['status']> ? 200 : NonNullable<E['status']>;

/** The route schema an endpoint describes, typed so the zod type provider types the handler from it. */
export type EndpointSchema<E extends Endpoint, Errors> = {
  tags: string[];
  summary: string;
  description?: string;
} & (unknown extends z.output<E['response']>
  ? { response?: never }
  : { response: { [K in SuccessStatus<E>]: E['response'] } & Errors }) &
  SchemaPart<'params', E['params']> &
  SchemaPart<'querystring', E['query']> &
  SchemaPart<'body', E['body']>;

/**
 * The method, URL and schema of a route from its endpoint in the domain's table (`endpoints`), the one
 * contract the web calls it by: `app.route({ ...endpointRoute(endpoints.jobs.status, doc), config, handler })`.
 * Access, rate limits and the handler stay with the route.
 */
export function endpointRoute<
  E extends Endpoint,
  Errors extends Record<number, z.ZodType> = Record<never, never>,
>(
  endpoint: E,
  doc: RouteDoc<Errors>,
): { method: E['method']; url: string; schema: EndpointSchema<E, Errors> } {
  const schema: Record<string, unknown> = {
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
  };
  // A file, a stream or a redirect (`response: z.unknown()`): no JSON answer to describe or serialise.
  if (!(endpoint.response instanceof z.ZodUnknown)) {
    schema.response = { [endpoint.status ?? 200]: endpoint.response, ...doc.errors };
  }
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  return { method: endpoint.method, url: endpoint.path, schema: schema as EndpointSchema<E, Errors> };
}
