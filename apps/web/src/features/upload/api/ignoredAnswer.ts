import type { Parser } from '../../../lib/api.ts';

/**
 * For calls whose answer the page does not read (spec 2 §7: success flag only; the views are
 * fetched again): any JSON body is accepted.
 */
export const IgnoredAnswer: Parser<unknown> = { parse: (input) => input };
