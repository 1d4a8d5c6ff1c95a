import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';

/** The dronesMore calls (the server's dronesMore routes and the web's calls to them). */
export const dronesMoreEndpoints = {
  /** Answers a file or a redirect, not JSON. */
  serveLiveConsole: defineEndpoint({ method: 'GET', path: '/drones/live', response: z.unknown() }),
};
