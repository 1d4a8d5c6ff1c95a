import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobDefinitions } from './jobs.ts';

/** Every `*.job.ts` under src/: where `defineJob` declarations live. */
const jobFiles = () =>
  readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.job.ts'))
    .sort();

const isJobDefinition = (v: unknown): v is { name: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { name?: unknown }).name === 'string' &&
  typeof (v as { run?: unknown }).run === 'function' &&
  'payload' in v;

describe('the application job list', () => {
  it('holds every job declared in the code, once: a job missing from it would be queued and never run', async () => {
    const declared: string[] = [];
    for (const file of jobFiles()) {
      const exported = Object.values(await import(join(import.meta.dirname, file)));
      for (const value of exported.filter(isJobDefinition)) declared.push(value.name);
    }
    const listed = jobDefinitions.map((d) => d.name);
    expect(declared.length).toBeGreaterThanOrEqual(9);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...declared].sort());
  });
});
