import { type MatrixRow, staffOnly } from '../matrix.ts';

export const dronesRows: Record<string, MatrixRow> = {
  // Every staff role watches drones; customers reach no drone, their own company's included.
  'GET /api/v1/drones': { request: () => ({ url: '/api/v1/drones' }), expect: staffOnly(200) },
};
