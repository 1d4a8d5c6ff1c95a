/**
 * A real 16 × 16 JPEG with GPS EXIF and DJI XMP (made once with the server's `dronePhoto`), for tests
 * of the browser pipeline. Bytes appended after the image end keep it a valid JPEG with its own md5.
 */
const TINY_DRONE_JPEG_BASE64 =
  '/9j/4QFORXhpZgAASUkqAAgAAAAJAA8BAgAEAAAAREpJABABAgAHAAAAigAAABIBAwABAAAAAQAAABoBBQABAAAAegAAABsBBQABAAAAggAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAkgAAACWIBAABAAAA4AAAAAAAAABIAAAAAQAAAEgAAAABAAAARkM2MzEwAAAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAAEAAAAAOgBAABAAAAEAAAAAAAAAAEAAEAAgACAAAATgAAAAIABQADAAAALgEAAAMAAgACAAAAVwAAAAQABQADAAAAFgEAAAAAAABiAAAAAQAAAAwAAAABAAAAAAAAABAnAAAoAAAAAQAAAAYAAAABAAAAAAAAABAnAAD/4QE2aHR0cDovL25zLmFkb2JlLmNvbS94YXAvMS4wLwA8eDp4bXBtZXRhIHhtbG5zOng9ImFkb2JlOm5zOm1ldGEvIj48cmRmOlJERiB4bWxuczpyZGY9Imh0dHA6Ly93d3cudzMub3JnLzE5OTkvMDIvMjItcmRmLXN5bnRheC1ucyMiPjxyZGY6RGVzY3JpcHRpb24gcmRmOmFib3V0PSIiIHhtbG5zOmRyb25lLWRqaT0iaHR0cDovL3d3dy5kamkuY29tL2Ryb25lLWRqaS8xLjAvIiBkcm9uZS1kamk6UmVsYXRpdmVBbHRpdHVkZT0iKzQwLjAwIiBkcm9uZS1kamk6R2ltYmFsUGl0Y2hEZWdyZWU9Ii0zMC4wMCIvPjwvcmRmOlJERj48L3g6eG1wbWV0YT7/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAbEAACAgMBAAAAAAAAAAAAAAABAgMFAAQSUf/EABUBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFxEBAAMAAAAAAAAAAAAAAAAAABIhQf/aAAwDAQACEQMRAD8Auxdo6/ZdDy6xMwPhAOK52kr9Z3PTtErE+kgYsUaSv2UQdO0TKB6SDiuRo6/WRxy6xKpHhAGTNRGx/9k=';

const tiny = Uint8Array.from(atob(TINY_DRONE_JPEG_BASE64), (c) => c.charCodeAt(0));

export function photoFile(
  name: string,
  variant = name,
  type = 'image/jpeg',
  lastModified = 1_700_000_000_000,
): File {
  const tail = new TextEncoder().encode(variant);
  return new File([tiny, tail], name, { type, lastModified });
}

/** A file named like a photo whose bytes are not an image. */
export const notAPhoto = (name: string): File =>
  new File([new TextEncoder().encode('this is not an image')], name, { type: 'image/jpeg', lastModified: 1 });
