import { EmailField, USER_MESSAGES } from '@linewalker/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { checkEmailInUse } from '../api/emailInUse.ts';

/** Spec 3 §9: the uniqueness check waits until typing has paused this long. */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;
export const EMAIL_CHECK_FAILED = 'The email could not be checked. Try again.';

export type EmailCheck = 'unchanged' | 'invalid' | 'checking' | 'free' | 'taken' | 'failed';

const normal = (email: string) => email.trim().toLowerCase();
const checkOptions = (email: string) => ({
  queryKey: queryKeys.users.emailInUse(email),
  queryFn: ({ signal }: { signal?: AbortSignal }) => checkEmailInUse(email, signal),
  staleTime: 10_000,
  retry: false,
});

/** The error to show for a check result, if any. */
export const emailCheckError = (check: EmailCheck): string | null =>
  check === 'taken' ? USER_MESSAGES.emailTaken : check === 'failed' ? EMAIL_CHECK_FAILED : null;

/**
 * Spec 3 §5 'Email acceptability': acceptable if unchanged, or if the in-use check (debounced 500 ms) says
 * not in use; a failed check is not acceptable. `confirm` runs the check at once (Next, Save).
 */
export function useEmailCheck(email: string, original: string | undefined) {
  const queryClient = useQueryClient();
  const value = normal(email);
  const [debounced] = useDebouncedValue(value, EMAIL_CHECK_DEBOUNCE_MS);
  const unchanged = original !== undefined && value === normal(original);
  const valid = EmailField.safeParse(email).success;
  const query = useQuery({ ...checkOptions(debounced), enabled: valid && !unchanged && debounced === value });

  let check: EmailCheck;
  if (unchanged) check = 'unchanged';
  else if (!valid) check = 'invalid';
  else if (debounced !== value || query.isPending) check = 'checking';
  else if (query.isError) check = 'failed';
  else check = query.data ? 'taken' : 'free';

  const confirm = async (): Promise<EmailCheck> => {
    if (unchanged) return 'unchanged';
    if (!valid) return 'invalid';
    try {
      return (await queryClient.fetchQuery(checkOptions(value))) ? 'taken' : 'free';
    } catch {
      return 'failed';
    }
  };
  return { check, confirm };
}
