import { randomUUID } from 'node:crypto';
import { inspectorsOnly, type MatrixRow, staffOnly } from '../matrix.ts';

const pilots404 = { object: { none: inspectorsOnly(404) } };

// Rows run in this order on one drone per target: the command (nobody holds control yet: 409), the super
// admin takes control (the other pilots then get 409), every pilot releases (their own lease, if any), then
// the emergency stop.
export const dronesRows: Record<string, MatrixRow> = {
  // Every staff role watches drones; customers reach no drone, their own company's included.
  'GET /api/v1/drones': { request: () => ({ url: '/api/v1/drones' }), expect: staffOnly(200) },
  // A plain GET (no upgrade) reaches the live connection's route only to be told it is not one (404).
  'GET /api/v1/drones/live': { request: () => ({ url: '/api/v1/drones/live' }), expect: staffOnly(404) },
  'POST /api/v1/drones/sendCommand/:id': {
    request: (fx) => ({
      url: `/api/v1/drones/sendCommand/${fx.droneId}`,
      payload: { requestId: randomUUID(), endpoint: '/arm', requestJson: null },
    }),
    expect: inspectorsOnly(409),
    ...pilots404,
  },
  'GET /api/v1/drones/:id/control': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/control` }),
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/drones/:id/control': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/control` }),
    expect: { ...inspectorsOnly(409), super_admin: 200 },
    ...pilots404,
  },
  'DELETE /api/v1/drones/:id/control': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/control` }),
    expect: inspectorsOnly(200),
    object: {},
  },
  'POST /api/v1/drones/:id/emergencyStop': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/emergencyStop`, payload: { active: true } }),
    expect: inspectorsOnly(200),
    object: {},
  },
};
