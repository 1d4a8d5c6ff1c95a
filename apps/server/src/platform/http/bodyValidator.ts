import { validatorCompiler as zodValidatorCompiler } from '@fastify/type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export const BODY_REQUIRED_MESSAGE = 'A request body is required.';

/** Fails every value: what a route that takes a body answers to a missing or `null` one. */
const bodyMissing = z.custom<never>(() => false, { error: BODY_REQUIRED_MESSAGE });

/**
 * The zod validator, plus one rule for every route with a body schema: a body that is absent, empty or
 * `null` is refused as `body: A request body is required.` before the route's schema runs, so no schema's
 * refinements ever see `null` (a cross-field rule reading `null.due_date` answered 500).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  const missing = zodValidatorCompiler({ ...route, schema: bodyMissing });
  return (data) => (data === null || data === undefined || data === '' ? missing(data) : validate(data));
};
