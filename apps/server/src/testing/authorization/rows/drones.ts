import { randomUUID } from 'node:crypto';
import { inspectorsOnly, type MatrixRow, staffOnly, superAdminOnly } from '../matrix.ts';

const pilots404 = { object: { none: inspectorsOnly(404) } };

let registered = 0;

/** The matrix drone's own settings (an edit that changes nothing the other rows depend on). */
const droneBody = (companyId: number, serial: string) => ({
  name: 'Matrix drone',
  serial_number: serial,
  company_id: companyId,
  driver: 'simulator',
  home_lat: 46.9,
  home_lon: -120.5,
  home_alt: 400,
});

// Rows run in this order on one drone per target: the command (nobody holds control yet: 409), the super
// admin takes control (the other pilots then get 409), every pilot releases (their own lease, if any), then
// the emergency stop.
export const dronesRows: Record<string, MatrixRow> = {
  // Every staff role watches drones; customers reach no drone, their own company's included.
  'GET /api/v1/drones': { request: () => ({ url: '/api/v1/drones' }), expect: staffOnly(200) },
  // The flight log: staff who watch the drone read it (the fixture drone has not flown: no flight 999999).
  'GET /api/v1/drones/:id/flights': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/flights` }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/drones/:id/flights/:flightId': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/flights/999999` }),
    expect: staffOnly(404),
    object: {},
  },
  // A recorded video: staff who watch the drone download it (the fixture drone recorded none: 404).
  'GET /api/v1/drones/:id/recordings/:recordingId/video': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/recordings/999999/video` }),
    expect: staffOnly(404),
    object: {},
  },
  // The Drones admin page: super admins register (a new serial at each call), edit and retire.
  'POST /api/v1/drones': {
    request: (fx) => ({
      url: '/api/v1/drones',
      payload: droneBody(fx.companyId, `MATRIX-${process.pid}-${++registered}`),
    }),
    expect: superAdminOnly(200),
  },
  'PUT /api/v1/drones/:id': {
    request: (fx) => ({
      url: `/api/v1/drones/${fx.droneId}`,
      payload: droneBody(fx.companyId, `MATRIX-DRONE-${fx.droneId}`),
    }),
    expect: superAdminOnly(200),
    object: {},
  },
  // Bringing the drone back into service: it stays flyable for the rows below.
  'POST /api/v1/drones/:id/retire': {
    request: (fx) => ({ url: `/api/v1/drones/${fx.droneId}/retire`, payload: { retired: false } }),
    expect: superAdminOnly(200),
    object: {},
  },
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
