import type { UploadExtension } from '@linewalker/domain';
import { mediaType } from '../../platform/storage/storage.ts';

/** The Content-Type a document's upload link is signed for (`GET /doc_upload/sign-s3?extension`). */
export const DOCUMENT_CONTENT_TYPES: Record<UploadExtension, string> = {
  csv: 'text/csv',
  kmz: 'application/vnd.google-earth.kmz',
};

/**
 * The types clients send for these files besides the signed one: none at all, the generic binary type, what
 * operating systems call them (Windows with Excel names a .csv 'application/vnd.ms-excel'; a .kmz is a ZIP;
 * the KMZ step takes a plain .kml too). The spec gives the PUT no Content-Type, and the server reads these
 * files itself (and serves them back as application/octet-stream), so the declared type decides nothing.
 */
const ALIASES: Record<UploadExtension, ReadonlySet<string>> = {
  csv: new Set([
    '',
    'application/octet-stream',
    'text/plain',
    'application/csv',
    'text/x-csv',
    'application/vnd.ms-excel',
  ]),
  kmz: new Set([
    '',
    'application/octet-stream',
    'application/zip',
    'application/x-zip-compressed',
    'application/vnd.google-earth.kml+xml',
    'application/xml',
    'text/xml',
  ]),
};

/** A document key as sign-s3 makes them: `uploads/<extension>/<uuid>.<extension>`. */
const DOCUMENT_KEY = /^uploads\/(csv|kmz)\/[0-9a-f-]{36}\.(csv|kmz)$/;

/**
 * The Content-Type a PUT to `key` is verified against: for a document, one of its aliases counts as the
 * type the link was signed for; anything else (another type, every photo and AI image) is taken as sent.
 */
export function signedTypeOf(key: string, sent: string | undefined): string | undefined {
  const match = DOCUMENT_KEY.exec(key);
  if (!match || match[1] !== match[2]) return sent;
  const extension = match[1] as UploadExtension;
  return ALIASES[extension].has(mediaType(sent)) ? DOCUMENT_CONTENT_TYPES[extension] : sent;
}
