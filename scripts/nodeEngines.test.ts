import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on Node 20 prints no EBADENGINE warning: every installed package admits the Node versions the
 * project declares (≥ 20.19; the machines and CI run 20.20). A package that moves to Node 22 only must be
 * pinned to an older release or replaced (README 'Node versions').
 */
type Version = [number, number, number];

const parse = (text: string): { v: Version; parts: number } => {
  const bits = text.replace(/^v/, '').split('.');
  const nums = bits.filter((b) => /^\d+$/.test(b)).map(Number);
  return { v: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], parts: nums.length };
};
const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of npm's range grammar (the forms the lockfile holds): >=, >, <=, <, ^, ~, x-ranges. */
function satisfiesOne(comparator: string, version: Version): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.*)$/.exec(comparator)!;
  const op = m[1] ?? '';
  const raw = m[2]!;
  if (raw === '*' || raw === 'x' || raw === '') return true;
  const { v, parts } = parse(raw);
  const c = cmp(version, v);
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  if (op === '^') {
    const upper: Version = v[0] > 0 ? [v[0] + 1, 0, 0] : v[1] > 0 ? [0, v[1] + 1, 0] : [0, 0, v[2] + 1];
    return c >= 0 && cmp(version, upper) < 0;
  }
  if (op === '~') return c >= 0 && cmp(version, parts <= 1 ? [v[0] + 1, 0, 0] : [v[0], v[1] + 1, 0]) < 0;
  // A bare version: its missing (or x) parts match anything.
  if (parts === 1) return version[0] === v[0];
  if (parts === 2) return version[0] === v[0] && version[1] === v[1];
  return c === 0;
}

function admits(range: string, version: Version): boolean {
  return range.split('||').some((clause) =>
    clause
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesOne(comparator, version)),
  );
}

describe('installed packages and Node 20', () => {
  it('reads ranges as npm does', () => {
    expect(admits('>= 22', [20, 20, 0])).toBe(false);
    expect(admits('>=22', [22, 1, 0])).toBe(true);
    expect(admits('^20.19.0 || >=22.12.0', [20, 20, 0])).toBe(true);
    expect(admits('^20.19.0 || >=22.12.0', [21, 0, 0])).toBe(false);
    expect(admits('18 || 20 || >=22', [20, 20, 0])).toBe(true);
    expect(admits('>=6 <7 || >=8', [20, 0, 0])).toBe(true);
    expect(admits('10.* || >= 12.*', [20, 0, 0])).toBe(true);
    expect(admits('*', [20, 0, 0])).toBe(true);
  });

  it('every package in the lockfile admits Node 20.19 and 20.20 (no EBADENGINE on npm ci)', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!node) continue;
      for (const version of [
        [20, 19, 0],
        [20, 20, 0],
      ] as Version[]) {
        if (!admits(node, version)) refused.push(`${path}@${entry.version} wants node ${node}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
