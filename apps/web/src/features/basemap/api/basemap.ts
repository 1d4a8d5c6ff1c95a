import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { putSignedFile } from '../../../lib/signedUpload.ts';

/** The type the extract's signed upload is signed for (the server's EXTRACT_CONTENT_TYPE). */
const EXTRACT_CONTENT_TYPE = 'application/vnd.pmtiles';

export const basemapExtractQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.basemapExtract,
    queryFn: ({ signal }) => apiRequest(endpoints.basemap.current, { signal }),
  });

export const useBasemapExtract = () => useQuery(basemapExtractQueryOptions());

/**
 * sign → PUT (with progress) → use: the file becomes the maps' Streets basemap, replacing the one in use.
 * The server reads it as a PMTiles archive and refuses anything else (400 unsupported_file, its reason).
 */
export async function uploadBasemapExtract(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  const { signedRequest, url } = await apiRequest(endpoints.basemap.sign, { signal });
  await putSignedFile(signedRequest, file, EXTRACT_CONTENT_TYPE, onProgress, signal);
  return apiRequest(endpoints.basemap.use, { body: { url, name: file.name.slice(0, 255) }, signal });
}

export const removeBasemapExtract = () => apiRequest(endpoints.basemap.remove);
