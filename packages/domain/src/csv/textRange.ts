/**
 * Helpers over a range [start, end) of a string, so a cell can be trimmed and tested without slicing it out.
 * They reproduce `String.prototype.trim` exactly: a cell read through a range gives the same answers as
 * the trimmed string would.
 */

/**
 * Whether `String.prototype.trim` removes this UTF-16 code unit: the WhiteSpace and LineTerminator code
 * points of ECMA-262 (tab, LF, VT, FF, CR, space, NBSP, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
 * U+205F, U+3000, BOM). The ASCII test comes first: it settles almost every call.
 */
export function isTrimmedSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Where `text.slice(start, end).trim()` starts in `text`. */
export function trimmedStart(text: string, start: number, end: number): number {
  while (start < end && isTrimmedSpace(text.charCodeAt(start))) start++;
  return start;
}

/** Where `text.slice(start, end).trim()` ends in `text` (give the trimmed start as `start`). */
export function trimmedEnd(text: string, start: number, end: number): number {
  while (end > start && isTrimmedSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/** `text.slice(start, end).trim() === ''`. */
export function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isTrimmedSpace(text.charCodeAt(i))) return false;
  return true;
}
