const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 3 §9: last login as MM/DD/YYYY HH:mm UTC, whatever the viewer's time zone. */
export function formatLastLogin(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Never';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
