import { useEffect, useState } from 'react';
import { PhotoPrefetch } from '../model/photoPrefetch.ts';

/**
 * Loads and decodes `urls` (the photos before and after the one shown, in the size the stage shows) once
 * `ready` (the shown photo has loaded, so it never waits behind its neighbours), so Back and Next show an
 * image already decoded. Until then the photos held before stay held; leaving the viewer lets them all go.
 */
export function useNeighbourPrefetch(urls: readonly string[], ready: boolean): void {
  const [prefetch] = useState(() => new PhotoPrefetch());
  const key = urls.join('\n');
  useEffect(() => {
    if (ready) prefetch.keep(key ? key.split('\n') : []);
  }, [prefetch, key, ready]);
  useEffect(() => () => prefetch.clear(), [prefetch]);
}
