import dayjs from 'dayjs';

/** Date and time as the spec writes US dates (MM/DD/YYYY), in the viewer's time zone. */
export const formatDateTime = (iso: string): string => dayjs(iso).format('MM/DD/YYYY HH:mm:ss');

/** A count with US thousands separators (50,000), as every list, tile and message shows it. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
