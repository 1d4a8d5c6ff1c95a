import { endpoints, type LeadRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/v1/leads/formToken: asked when the form is shown (the server refuses a form sent too soon). */
export const getLeadFormToken = () => apiRequest(endpoints.leads.formToken);

/** POST /api/v1/leads/ (spec 3 §7 catalogue 'Leads'). */
export const submitLead = (body: LeadRequest) => apiRequest(endpoints.leads.submit, { body });

export const useSubmitLead = () => useMutation({ mutationFn: submitLead });
