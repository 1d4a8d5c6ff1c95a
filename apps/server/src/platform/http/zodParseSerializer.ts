import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * A route-level response serializer for large answers: checks the payload with the route's zod schema
 * through `parse` (which zod compiles to a fast path for objects) and writes it with JSON.stringify.
 * The app-wide serializer uses zod's `encode`, which has no such fast path: on 50,000 structures it was
 * ~7× slower. Only for response schemas without codecs or transforms, where parse and encode give the
 * same result (unknown keys are dropped either way). A payload that does not match answers 500.
 */
export const zodParseSerializer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('zodParseSerializer needs a zod response schema');
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
