import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call's contract, written once and used by both sides: the server registers its route from it
 * (method, URL and the schemas that validate the request and serialise the answer) and the web calls it
 * through `apiRequest(endpoint, …)`, whose argument types come from these schemas. `path` is relative to
 * `/api/v1`, with `:name` for each path parameter `params` describes.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Status extends number = number,
> {
  method: M;
  path: string;
  /** Absent (undefined) when the call has none; likewise query and body. */
  params: Params;
  query: Query;
  body: Body;
  /** The success answer; its schema serialises it on the server and parses it on the web. */
  response: Response;
  /** The success status, when not 200 (201 Created, 202 Accepted). */
  status?: Status;
  /**
   * A faster check of the answer with the same result as `response.parse`, for answers too large for
   * zod's per-value checks (the web uses it; the server still serialises with `response`).
   */
  parse?: (input: unknown) => z.output<Response>;
}

/** Declares an endpoint, keeping its exact schema types for the callers. */
export function defineEndpoint<
  const M extends HttpMethod,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
  const Status extends number = 200,
>(endpoint: {
  method: M;
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  status?: Status;
  parse?: (input: unknown) => z.output<Response>;
}): Endpoint<M, Params, Query, Body, Response, Status> {
  // The parts left out are undefined, as the type says.
  return endpoint as Endpoint<M, Params, Query, Body, Response, Status>;
}

/** The values of an endpoint's path parameters. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? WireValues<E['params']>
  : never;
/** Its query (each key may be left out where the schema gives a default or makes it optional). */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? WireValues<E['query']> : never;
/** Its JSON body, as the caller writes it. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** Its success answer. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** The path with its `:name` parameters filled in (each value URI-encoded). */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params?: object): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The keys a caller may leave out: those the schema's input marks optional (it has a default, or may be absent). */
type OptionalInputKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** A value as the URL carries it: what the schema takes, or for a coerced value (`z.coerce`) what it makes. */
type WireValue<I, O> = unknown extends I ? O : I;

/**
 * Path parameters and query values as the caller gives them: numbers for coerced ids (not the strings of
 * the URL), the text a transformed value is read from, and the keys the schema may go without optional.
 */
export type WireValues<S extends z.ZodType> = {
  [K in keyof z.output<S> as K extends OptionalInputKeys<z.input<S>> ? never : K]: WireValue<
    z.input<S>[K & keyof z.input<S>],
    z.output<S>[K]
  >;
} & {
  [K in keyof z.output<S> as K extends OptionalInputKeys<z.input<S>> ? K : never]?: WireValue<
    z.input<S>[K & keyof z.input<S>],
    z.output<S>[K]
  >;
};
