// Calendar days as the server sees them: the process's local time zone (the TZ environment variable,
// UTC when unset), as the domain's isoDateOf without a zone. The stat tiles' "yesterday" uses it.

/** The half-open range [start, end) of the local day `offsetDays` from today (-1 is yesterday). */
export function localDayRange(offsetDays: number, now: Date = new Date()): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays + 1);
  return { from, to };
}
