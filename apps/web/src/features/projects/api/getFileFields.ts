import { endpoints, GetFieldsResponse } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** Columns, sample values and the detected coordinate columns of an uploaded CSV (spec 1 §7 'CSV columns'). */
export const getFileFields = async (url: string, signal?: AbortSignal): Promise<GetFieldsResponse> =>
  // A CSV answers its columns (the other shape is a KMZ's).
  GetFieldsResponse.parse(await apiRequest(endpoints.sourceFiles.fileFields, { body: { url }, signal }));
