/** A count with US thousands separators (50,000), as every list, tile, dialog and message shows it. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
