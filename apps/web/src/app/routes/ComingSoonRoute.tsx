import { useMatches } from 'react-router';
import { ComingSoonPanel } from '../../components/ComingSoonPanel.tsx';
import type { ComingSoonHandle } from './comingSoon.ts';

const isComingSoon = (handle: unknown): handle is ComingSoonHandle =>
  typeof handle === 'object' && handle !== null && 'comingSoon' in handle;

/** The page of every area still to be built; which area comes from the matched route's handle. */
export function ComingSoonRoute() {
  const area = useMatches()
    .map((match) => match.handle)
    .findLast(isComingSoon)?.comingSoon;
  if (!area) return null;
  return <ComingSoonPanel title={area.title} description={area.description} />;
}
