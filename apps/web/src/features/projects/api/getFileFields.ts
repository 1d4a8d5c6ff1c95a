import { GetFieldsResponse } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** Columns, sample values and the detected coordinate columns of an uploaded CSV (spec 1 §7 'CSV columns'). */
export const getFileFields = (url: string, signal?: AbortSignal): Promise<GetFieldsResponse> =>
  apiRequest('/kmz/getFields', { method: 'POST', body: { url }, schema: GetFieldsResponse, signal });
