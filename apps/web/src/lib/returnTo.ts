import { paths } from '../config/paths.ts';

/**
 * The place to go after login: only a same-origin path (one leading '/', not '//' or '/\'),
 * so a crafted `returnTo` cannot send the user to another site. Anything else gives null.
 */
export function safeReturnTo(raw: string | null | undefined, origin = window.location.origin): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes are read as '/' by some browsers: refuse them outright.
  if ([...raw].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === paths.login.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path and query of the current location, kept as the return target on the way to login. */
export function currentTarget(location: { pathname: string; search: string; hash: string }): string | null {
  if (location.pathname === paths.login.path) return null;
  return `${location.pathname}${location.search}${location.hash}`;
}
