import { JOB_STATES, type JobState } from '@linewalker/domain';

export interface JobFilters {
  state?: JobState;
  name?: string;
}

/** The Jobs page filters as kept in the address (`?state=failed&name=mail.deliver`); unknown values are dropped. */
export function jobFiltersFrom(params: URLSearchParams): JobFilters {
  const state = params.get('state');
  const name = params.get('name');
  return {
    ...(state && (JOB_STATES as readonly string[]).includes(state) ? { state: state as JobState } : {}),
    ...(name ? { name } : {}),
  };
}
