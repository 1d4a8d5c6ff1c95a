import { z } from 'zod';

/**
 * Characters no stored text may hold: NUL (PostgreSQL text cannot store it: the insert fails) and UTF-16
 * surrogates without their pair (JSON can carry them, UTF-8 cannot: they would be stored as U+FFFD).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  invalidCharacter:
    'Contains a character that is not allowed (a NUL character or a broken Unicode character).',
} as const;

export const hasUnsafeChars = (value: string): boolean =>
  value.includes('\u0000') || LONE_SURROGATE.test(value);

/**
 * `z.string()` for every text a request carries: refuses NUL and lone surrogates with a clear message before
 * any other rule runs, so they answer 400 naming the field instead of failing in the database. Chain the
 * field's own rules after it (`Text().trim().min(1).max(255)`).
 */
export const Text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((v) => !hasUnsafeChars(v), { message: TEXT_MESSAGES.invalidCharacter, abort: true });
