import { useSearchParams } from 'react-router';

/**
 * The 1-based page number kept in `?page=` so Back, reload and shared links keep the page.
 * Returns the page and a setter; page 1 drops the parameter.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  return [page, setPage];
}
