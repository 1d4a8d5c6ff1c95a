import { ClientConfig } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The clientConfig calls (the server's clientConfig routes and the web's calls to them). */
export const clientConfigEndpoints = {
  basemapsForClient: defineEndpoint({ method: 'GET', path: '/config', response: ClientConfig }),
};
