import { createServer, type Server } from 'node:http';
import { buildPmtiles, solidPng, vectorTile } from '@linewalker/domain/testing/pmtiles';

/**
 * A local tile server a journey starts (the machines have no internet): satellite-like PNG tiles at
 * /sat/{z}/{x}/{y}.png, on E2E_PORT + 10000 (playwright.config.ts points MAP_SATELLITE_TILES_URL there).
 */
export const TILE_FIXTURE_PORT = Number(process.env.E2E_PORT ?? 3210) + 10_000;

export interface TileFixture {
  /** Paths asked for so far. */
  requests: string[];
  stop: () => Promise<void>;
}

export async function startTileFixture(rgb: [number, number, number]): Promise<TileFixture> {
  const png = solidPng(rgb);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (/^\/sat\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.setHeader('content-type', 'image/png');
      res.setHeader('access-control-allow-origin', '*');
      res.end(png);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(TILE_FIXTURE_PORT, '127.0.0.1', resolve));
  return {
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { buildPmtiles, solidPng, vectorTile };
