import { endpoints, type UserCreateRequest, type UserUpdateRequest } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/users/ (create user, spec 3 §7). */
export const createUser = (body: UserCreateRequest) => apiRequest(endpoints.users.create, { body });

/** PUT /api/v1/users (save user). */
export const updateUser = (body: UserUpdateRequest) => apiRequest(endpoints.users.update, { body });

export type SaveUserInput =
  | { kind: 'create'; body: UserCreateRequest }
  | { kind: 'update'; body: UserUpdateRequest };

/** Create or save; success means an ok answer with success true (the schema checks it). */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) =>
      input.kind === 'create' ? createUser(input.body) : updateUser(input.body),
    onSuccess: () => invalidate(queryClient, staleAfter.userSaved()),
  });
}
