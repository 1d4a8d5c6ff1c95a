import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=` and the hex HMAC-SHA256 of the raw body under the shared secret (what a carrier sends). */
export const signOrderWebhook = (secret: string, rawBody: string | Buffer): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/**
 * Whether `header` is the body's signature under `secret`, compared in constant time. No secret configured,
 * no header or a malformed one: false.
 */
export function isValidOrderWebhookSignature(
  secret: string | undefined,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
): boolean {
  if (!secret || typeof header !== 'string') return false;
  const expected = Buffer.from(signOrderWebhook(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
