import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The project header's filters, as every sub-page reads them. */
export interface ProjectFilters {
  /** Chosen line ids; empty means 'All Lines'. */
  lineIds: number[];
  /** The search text (structure name or line), already debounced by the header. */
  q: string;
}

/** `lines=1,2` → [1, 2]; anything that is not a positive whole number is dropped. */
export function parseLineIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

/**
 * The project header's Lines and search filters, kept in the URL (`?lines=1,2&q=…`) so they apply to
 * whichever sub-page is below the header, survive a reload and travel in a shared link. Sub-pages read
 * them here, never from another feature.
 */
export function useProjectFilters(): {
  filters: ProjectFilters;
  setLineIds: (ids: readonly number[]) => void;
  setQuery: (q: string) => void;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const linesRaw = params.get('lines');
  const q = params.get('q') ?? '';
  const filters = useMemo(() => ({ lineIds: parseLineIds(linesRaw), q }), [linesRaw, q]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setLineIds = useCallback(
    (ids: readonly number[]) =>
      update((next) => {
        if (ids.length) next.set('lines', ids.join(','));
        else next.delete('lines');
      }),
    [update],
  );
  const setQuery = useCallback(
    (text: string) =>
      update((next) => {
        const trimmed = text.trim();
        if (trimmed) next.set('q', trimmed);
        else next.delete('q');
      }),
    [update],
  );
  const clear = useCallback(
    () =>
      update((next) => {
        next.delete('lines');
        next.delete('q');
      }),
    [update],
  );
  return { filters, setLineIds, setQuery, clear };
}

/** Does a row pass the header's filters (its line is chosen, and the text is in its name or line)? */
export function matchesProjectFilters(
  row: { struct_num?: string | null; line_id?: number | null; line_name?: string | null },
  filters: ProjectFilters,
): boolean {
  if (filters.lineIds.length && (row.line_id == null || !filters.lineIds.includes(row.line_id))) return false;
  const needle = filters.q.trim().toLowerCase();
  if (!needle) return true;
  return (
    (row.struct_num ?? '').toLowerCase().includes(needle) ||
    (row.line_name ?? '').toLowerCase().includes(needle)
  );
}

/** The filter part of a query string ('?lines=1,2&q=T-1', or ''), for links between sub-pages. */
export function projectFilterSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['lines', 'q']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
