import type { ImageSize } from '@linewalker/domain';
import { API_BASE } from '../../../lib/api.ts';

/**
 * Where a stored photo is served in one size (spec 2 §7 'Fetch image'). Used as an <img src>
 * directly: the session cookie authenticates it and the browser caches it.
 */
export const imageUrl = (imageId: number, size: ImageSize): string =>
  `${API_BASE}/image/${imageId}?size=${size}`;
