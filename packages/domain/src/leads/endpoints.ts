import { LeadFormToken, LeadList, LeadRequest } from '../api/leads.ts';
import { Ok } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Leads (spec 3 §7): the public form's token and submission, and the super admin's list. */
export const leadsEndpoints = {
  formToken: defineEndpoint({ method: 'GET', path: '/leads/formToken', response: LeadFormToken }),
  submit: defineEndpoint({ method: 'POST', path: '/leads/', body: LeadRequest, response: Ok }),
  list: defineEndpoint({ method: 'GET', path: '/leads', response: LeadList }),
};
