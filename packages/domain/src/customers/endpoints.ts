import {
  CustomerCreateRequest,
  CustomerList,
  CustomerListQuery,
  CustomerNameParams,
  CustomerNameQuery,
  CustomerSaveResponse,
  CustomerUpdateRequest,
  NameInUse,
} from '../api/customers.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Customer companies (spec 3 §7): the list (and the project form's picker), the name check, saving. */
export const customersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/customers',
    query: CustomerListQuery,
    response: CustomerList,
  }),
  nameInUse: defineEndpoint({
    method: 'GET',
    path: '/customers/nameInUse/:name',
    params: CustomerNameParams,
    query: CustomerNameQuery,
    response: NameInUse,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/customers/',
    body: CustomerCreateRequest,
    response: CustomerSaveResponse,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/customers/',
    body: CustomerUpdateRequest,
    response: CustomerSaveResponse,
  }),
};
