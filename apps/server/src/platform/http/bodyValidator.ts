import { validatorCompiler as zodValidatorCompiler } from '@fastify/type-provider-zod';
import { hasUnsafeChars, TEXT_MESSAGES } from '@linewalker/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export const BODY_REQUIRED_MESSAGE = 'A request body is required.';

/** Fails every value: what a route that takes a body answers to a missing or `null` one. */
const bodyMissing = z.custom<never>(() => false, { error: BODY_REQUIRED_MESSAGE });

/**
 * The zod validator, plus: NUL and lone surrogates refused in every query and path value (400 naming the
 * field, as in bodies), and for every route with a body schema: a body that is absent, empty or
 * `null` is refused as `body: A request body is required.` before the route's schema runs, so no schema's
 * refinements ever see `null` (a cross-field rule reading `null.due_date` answered 500).
 */
/** A query or path value (or each of a repeated one) holding NUL or a lone surrogate: refused as in bodies. */
const SafeValue = z.unknown().superRefine((v, ctx) => {
  const values = Array.isArray(v) ? v : [v];
  if (values.some((x) => typeof x === 'string' && hasUnsafeChars(x))) {
    ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.invalidCharacter });
  }
});
const SafeValues = z.record(z.string(), SafeValue);

export const BODY_TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
/** Deeper than any body a route takes (GeoJSON and QGroundControl items are a handful of levels). */
export const MAX_BODY_DEPTH = 64;

type BodyFinding = { path: PropertyKey[]; message: string };

/**
 * Every string in a JSON body holding NUL or a lone surrogate, with its path, and the first place the body
 * nests past MAX_BODY_DEPTH. Walked with a stack of its own, not by recursion: a body 100,000 arrays deep
 * (JSON.parse takes it) overflowed the call stack here and answered 500; past the bound nothing is walked,
 * so no schema or service ever recurses through such a body either.
 */
function unsafeBodyFindings(body: unknown): BodyFinding[] {
  const findings: BodyFinding[] = [];
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeChars(value)) findings.push({ path, message: TEXT_MESSAGES.invalidCharacter });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_BODY_DEPTH) return [{ path: [], message: BODY_TOO_DEEP_MESSAGE }];
    const entries = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return findings;
}
/**
 * A body holding NUL or a lone surrogate in any string: refused naming the field, whatever the route's schema
 * says of it (`Text()` in a schema gives the same answer; this keeps a schema written with `z.string()` from
 * reaching the database with such text). A body nested past MAX_BODY_DEPTH is refused as a whole.
 */
const SafeBody = z.unknown().superRefine((body, ctx) => {
  for (const { path, message } of unsafeBodyFindings(body)) ctx.addIssue({ code: 'custom', message, path });
});

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === 'querystring' || route.httpPart === 'params') {
    // Query text goes through the rules body text does, whatever type the route's schema gives the field.
    const safe = zodValidatorCompiler({ ...route, schema: SafeValues });
    return (data) => {
      const checked = safe(data);
      return typeof checked === 'object' && 'error' in checked && checked.error ? checked : validate(data);
    };
  }
  if (route.httpPart !== 'body') return validate;
  const missing = zodValidatorCompiler({ ...route, schema: bodyMissing });
  const safe = zodValidatorCompiler({ ...route, schema: SafeBody });
  return (data) => {
    if (data === null || data === undefined || data === '') return missing(data);
    const checked = safe(data);
    return typeof checked === 'object' && 'error' in checked && checked.error ? checked : validate(data);
  };
};
