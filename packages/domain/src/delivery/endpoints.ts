import { z } from 'zod';
import {
  ArchivedImage,
  ArchivedImagesQuery,
  CreateDeliveryBody,
  CreateDeliveryResponse,
  DeliveryCounts,
  DeliveryCountsQuery,
  DeliveryPackage,
  DeliveryPackagesQuery,
  DeliveryStructurePage,
  DeliveryStructuresQuery,
} from '../api/delivery.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/**
 * The Delivery (archive) sub-page (spec 2 §6–7): its table, counts and photos, and the delivery packages.
 * The package download (`GET /deliveries/:id/download`) is a redirect the browser follows, not a JSON call.
 */
export const deliveryEndpoints = {
  structures: defineEndpoint({
    method: 'GET',
    path: '/structures/archive',
    query: DeliveryStructuresQuery,
    response: DeliveryStructurePage,
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/structures/deliveryCounts/:id',
    params: IdParam,
    query: DeliveryCountsQuery,
    response: DeliveryCounts,
  }),
  archivedImages: defineEndpoint({
    method: 'GET',
    path: '/structures/getArchivedImages',
    query: ArchivedImagesQuery,
    response: z.array(ArchivedImage),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/deliveries',
    body: CreateDeliveryBody,
    response: CreateDeliveryResponse,
  }),
  packages: defineEndpoint({
    method: 'GET',
    path: '/deliveries',
    query: DeliveryPackagesQuery,
    response: z.array(DeliveryPackage),
  }),
  package: defineEndpoint({
    method: 'GET',
    path: '/deliveries/:id',
    params: IdParam,
    response: DeliveryPackage,
  }),
  /** A 302 to a signed URL of the package's ZIP. */
  download: defineEndpoint({
    method: 'GET',
    path: '/deliveries/:id/download',
    params: IdParam,
    response: z.unknown(),
  }),
};
