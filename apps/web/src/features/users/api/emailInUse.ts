import { endpoints } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/v1/users/emailInUse/{email}: whether another user already has this address (any case). */
export const checkEmailInUse = async (email: string, signal?: AbortSignal): Promise<boolean> =>
  (await apiRequest(endpoints.users.emailInUse, { params: { email }, signal })).inUse;
