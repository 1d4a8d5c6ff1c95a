import dayjs from 'dayjs';

/** Date and time as the spec writes US dates (MM/DD/YYYY), in the viewer's time zone. */
export const formatDateTime = (iso: string): string => dayjs(iso).format('MM/DD/YYYY HH:mm:ss');

/** 1.2 MB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Counts read the same in every dialog and message: one rule, in the domain. */
export { formatCount } from '@linewalker/domain';
