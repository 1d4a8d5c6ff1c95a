import { z } from 'zod';
import { BidCreateResponse, BidList, BidWonResponse } from '../api/bids.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { BidCreateRequest } from './form.ts';
import { KmzCheckRequest, KmzCheckResponse, KmzSkippedRowsRequest } from './kmz.ts';

/** Bids (spec 3 §3, §7): the list, marking won, creating from mapped KMZ files and checking them first. */
export const bidsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/bids', response: BidList }),
  won: defineEndpoint({ method: 'POST', path: '/bids/:id/won', params: IdParam, response: BidWonResponse }),
  create: defineEndpoint({
    method: 'POST',
    path: '/bids',
    body: BidCreateRequest,
    response: BidCreateResponse,
  }),
  kmzCheck: defineEndpoint({
    method: 'POST',
    path: '/bids/kmzCheck',
    body: KmzCheckRequest,
    response: KmzCheckResponse,
  }),
  /** Answers text/csv: the text itself, not JSON. */
  kmzSkippedRows: defineEndpoint({
    method: 'POST',
    path: '/bids/kmzSkippedRows',
    body: KmzSkippedRowsRequest,
    response: z.string(),
  }),
};
