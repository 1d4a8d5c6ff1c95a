import { type CodeOf, conflict } from '../errors.ts';
import { SIGNED_GET_SECONDS, type Storage } from './storage.ts';

/** A file the server builds in a background job (a report's PDF, a delivery's ZIP) and the state of that build. */
export interface BuiltFile {
  status: string;
  storage_key: string;
}

/**
 * A signed GET of a built file valid for a minute, once its build is `ready`. While it is queued or being built,
 * or when the build failed, the reader gets a 409 with `code` and the message that says which, so a client can
 * tell 'try again shortly' from 'build it again'.
 */
export function builtFileUrl(
  storage: Pick<Storage, 'signedGetUrl'>,
  file: BuiltFile,
  messages: { failed: string; building: string; code: CodeOf<409> },
): Promise<string> {
  if (file.status !== 'ready') {
    throw conflict(file.status === 'failed' ? messages.failed : messages.building, messages.code);
  }
  return storage.signedGetUrl(file.storage_key, SIGNED_GET_SECONDS);
}
