import dayjs from 'dayjs';

/** Date and time as the spec writes US dates (MM/DD/YYYY), in the viewer's time zone. */
export const formatDateTime = (iso: string): string => dayjs(iso).format('MM/DD/YYYY HH:mm:ss');

/** Counts read the same in every dialog and message: one rule, in the domain. */
export { formatCount } from '@linewalker/domain';
