// Starts the built server on a fresh data folder (the e2e webServer command).
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
// playwright.config.ts passes PORT; started by hand, E2E_PORT (default 3210) picks it.
process.env.PORT ??= process.env.E2E_PORT ?? '3210';
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
await import('../../apps/server/dist/main.js');
