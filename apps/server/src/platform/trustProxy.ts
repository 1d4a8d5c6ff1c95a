import { isIP } from 'node:net';

/**
 * Which forwarded headers (`X-Forwarded-For`) the server believes, as Fastify's `trustProxy` takes it:
 * `false` (the socket's address is the caller: the default, since any client can write the header),
 * a hop count (the address that many proxies back), or the proxies' addresses / CIDR ranges.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for well-known ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; answers the value or a problem to report. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problem: string } {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false') return { value: false };
  if (/^\d+$/.test(text)) return { value: Number(text) };
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    return {
      problem:
        `TRUST_PROXY: ${bad.map((b) => `'${b}'`).join(', ')} is not an address, a CIDR range or loopback/linklocal/` +
        'uniquelocal; give the proxies’ addresses or a hop count (true, trusting anyone, is not accepted)',
    };
  }
  return { value: entries };
}

/** Fastify's `trustProxy` option: a hop count becomes "trust the first n hops" (what Fastify does with a number). */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
