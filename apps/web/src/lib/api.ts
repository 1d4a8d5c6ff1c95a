import {
  ApiError,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
  endpointPath,
} from '@linewalker/domain';
import { takeEarlyAnswer } from './earlyFetch.ts';

/** Anything with a zod-style `parse`: the domain schemas that describe each answer. */
export interface Parser<T> {
  parse(input: unknown): T;
}

/** A non-2xx answer from the API, with the server's stable error code and message. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The catalogue's code (`ErrorCode`); branch on it, never on the status alone. */
  readonly code: string;
  /** The server's request id, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  /** The parsed JSON body (or null when there was none), for endpoints with extra fields. */
  readonly body: unknown;
  /** The field problems of a 400 (the domain's ApiError `issues`); empty when there were none. */
  readonly issues: NonNullable<ApiError['issues']>;

  constructor(
    status: number,
    code: string,
    message: string,
    body: unknown,
    issues: NonNullable<ApiError['issues']> = [],
    requestId?: string,
  ) {
    super(message);
    this.requestId = requestId;
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.issues = issues;
  }
}

export const API_BASE = '/api/v1';

/** A query as the URL carries it: each value written with String(), undefined ones left out. */
type QueryValues = Record<string, string | number | boolean | undefined>;

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: QueryValues;
  /** Validates the answer, so a contract drift fails here and not deep in a component. */
  schema: Parser<T>;
  signal?: AbortSignal;
  /** Download progress of a large answer (bytes read; the total when the server states it). */
  onProgress?: (progress: DownloadProgress) => void;
}

type Part<Key extends string, Schema, Value> = Schema extends undefined
  ? { [K in Key]?: never }
  : object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/**
 * What a call of an endpoint takes: its path parameters, query and body, typed by the endpoint's schemas
 * (a call without a required part, or with a body of the wrong shape, does not compile).
 */
export type EndpointArgs<E extends Endpoint> = {
  signal?: AbortSignal;
  /** Download progress of a large answer (bytes read; the total when the server states it). */
  onProgress?: (progress: DownloadProgress) => void;
} & Part<'params', E['params'], EndpointParams<E>> &
  Part<'query', E['query'], EndpointQuery<E>> &
  Part<'body', E['body'], EndpointBody<E>>;

export interface DownloadProgress {
  loaded: number;
  /** null when the answer's length is not known in advance. */
  total: number | null;
}

/** Header of answers that state their length before compression (fetch counts decompressed bytes). */
const UNCOMPRESSED_LENGTH = 'x-uncompressed-length';

/** The answer's length as fetch will read it, when known. */
function expectedLength(response: Response): number | null {
  const stated = response.headers.get(UNCOMPRESSED_LENGTH);
  const plain = response.headers.get('content-encoding') ? null : response.headers.get('content-length');
  const total = Number(stated ?? plain ?? Number.NaN);
  return Number.isFinite(total) && total > 0 ? total : null;
}

/** The body as text, reporting bytes as they arrive. */
async function readTextWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  if (!response.body) return response.text();
  const total = expectedLength(response);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress({ loaded, total });
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}

function urlFor(path: string, query?: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<unknown> {
  const text =
    onProgress && response.ok ? await readTextWithProgress(response, onProgress) : await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way the web talks to the API: an endpoint of the domain's table (`endpoints.<area>.<call>`), its
 * parameters, query and body; the answer is checked with the endpoint's response schema, so a contract drift
 * fails here and not deep in a component. The session travels in the HttpOnly cookie the server set at
 * login, so no token is handled here.
 */
export function apiRequest<E extends Endpoint>(
  endpoint: E,
  ...args: object extends EndpointArgs<E> ? [EndpointArgs<E>?] : [EndpointArgs<E>]
): Promise<EndpointResponse<E>>;
export function apiRequest(target: Endpoint, options?: object): Promise<unknown> {
  const args = (options ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
  };
  return send(endpointPath(target, args.params), {
    method: target.method,
    body: args.body,
    query: args.query as QueryValues | undefined,
    schema: target.parse ? { parse: target.parse } : target.response,
    signal: args.signal,
    onProgress: args.onProgress,
  });
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const url = urlFor(path, options.query);
  const method = options.method ?? 'GET';
  const request = () =>
    fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  // A page's first data may already be on its way (index.html's script). A refusal or failure of that early
  // request is asked again: the page may have been opened before its user logged in.
  const early = method === 'GET' ? takeEarlyAnswer(url) : undefined;
  const response = await (early ? early.then((r) => (r.ok ? r : request()), request) : request());
  const body = await readJson(response, options.onProgress);

  if (!response.ok) {
    const error = ApiError.safeParse(body);
    throw error.success
      ? new ApiRequestError(
          response.status,
          error.data.code,
          error.data.message,
          body,
          error.data.issues,
          error.data.requestId,
        )
      : new ApiRequestError(response.status, 'http_error', `Request failed (${response.status})`, body);
  }
  return options.schema.parse(body);
}

/** An API error answer, optionally with one of the catalogue's codes. */
export const isApiError = (error: unknown, code?: ErrorCode): error is ApiRequestError =>
  error instanceof ApiRequestError && (code === undefined || error.code === code);
