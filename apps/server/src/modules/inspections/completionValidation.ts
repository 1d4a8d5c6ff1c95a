import { completionFormOf } from '@linewalker/domain';
import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../../platform/errors.ts';

/**
 * preValidation hook of Complete Inspection: checks `data` against the one form it is meant to be and
 * answers 400 with every field message in the shape of the global validation error. Bodies this does
 * not recognise fall through to the route's schema, which then answers as usual.
 */
export async function validateCompletionForm(req: FastifyRequest): Promise<void> {
  const body = req.body;
  if (typeof body !== 'object' || body === null || !('data' in body)) return;
  const result = completionFormOf(body.data).safeParse(body.data);
  if (result.success) return;
  const issues = result.error.issues.map((i) => ({
    path: ['body', 'data', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw validationFailed(issues);
}
