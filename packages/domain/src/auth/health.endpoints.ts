import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';

/** The health answer: the same shape with 200 (the database answers) and 503 (it does not). */
export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

/** The health check of the load balancer and the operators. */
export const healthEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/health', response: Health }),
};
