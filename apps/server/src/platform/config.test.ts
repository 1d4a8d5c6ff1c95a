import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'lw-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      demoData: true,
      storage: { driver: 'local', dir: join(dir, 'files') },
    });
  });

  it('runs one job at a time on PGlite and two on PostgreSQL unless JOB_WORKERS says otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jobWorkers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' }).jobWorkers).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, JOB_WORKERS: '0' }).jobWorkers).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_WORKERS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_WORKERS: 'many' })).toThrow(/JOB_WORKERS/);
  });

  it('tells browsers to upload two photos at once unless CONCURRENT_UPLOADS says otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).concurrentUploads).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, CONCURRENT_UPLOADS: '4' }).concurrentUploads).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dir, CONCURRENT_UPLOADS: '0' })).toThrow(/CONCURRENT_UPLOADS/);
  });

  it('reads the Hide Archived keywords as trimmed lower-case words, patrol and rebuild by default', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).hideArchivedKeywords).toEqual(['patrol', 'rebuild']);
    expect(
      loadConfig({ DATA_DIR: dir, HIDE_ARCHIVED_KEYWORDS: ' Acme Power, ,GRID,grid ' }).hideArchivedKeywords,
    ).toEqual(['acme power', 'grid']);
    expect(loadConfig({ DATA_DIR: dir, HIDE_ARCHIVED_KEYWORDS: '' }).hideArchivedKeywords).toEqual([]);
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('stops with a list of every bad value', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', STORAGE: 'ftp' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT:/m);
      expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
      expect(problems).toMatch(/^JWT_SECRET: must be at least 32/m);
      expect(problems).toMatch(/^STORAGE:/m);
    }
  });

  it('requires a bucket for S3 storage', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3' })).toThrow(/S3_BUCKET: required/);
  });

  it('never loads demo data in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});
