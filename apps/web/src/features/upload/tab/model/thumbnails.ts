import type { UploadImage } from '@linewalker/domain';

/** How often a list holding photos still being processed is fetched again. */
export const THUMBNAIL_POLL_MS = 2_000;
/**
 * A photo without a thumbnail this long after its upload is not waited for any more (its processing failed:
 * the list shows 'No preview' and stops asking).
 */
export const THUMBNAIL_WAIT_MS = 10 * 60_000;

/** The photo was uploaded moments ago and its thumbnail is still being made in the background. */
export const awaitingThumbnail = (image: UploadImage, now = Date.now()): boolean =>
  !image.has_thumb && now - Date.parse(image.upload_date) < THUMBNAIL_WAIT_MS;

/**
 * A query's refetch interval for a list of photos: while one of them is being processed the list is fetched
 * again, so its thumbnail appears when it is made (a freshly uploaded photo showed an empty box until the
 * page was reloaded); otherwise no polling.
 */
export const thumbnailRefetchInterval = (images: readonly UploadImage[] | undefined): number | false =>
  images?.some((image) => awaitingThumbnail(image)) ? THUMBNAIL_POLL_MS : false;
