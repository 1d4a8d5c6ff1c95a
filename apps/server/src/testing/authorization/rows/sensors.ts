import { DEFAULT_RULE_SETS } from '@linewalker/domain';
import { everyone, loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

let registered = 0;

/**
 * Sensors: staff register, move and retire devices (customers 403); the moves name a device that does not
 * exist (404 once allowed). Readings are public to the HTTP layer: the device token is the permission, so a
 * request without one is 401 for every caller (a user's session is not a device token).
 */
export const sensorsRows: Record<string, MatrixRow> = {
  'POST /api/v1/sensors/devices': {
    request: (fx) => ({
      url: '/api/v1/sensors/devices',
      payload: { device_id: `matrix-${process.pid}-${++registered}`, structure_id: fx.structureIds[0] },
    }),
    expect: staffOnly(201),
  },
  'PUT /api/v1/sensors/devices/:deviceId': {
    request: (fx) => ({
      url: '/api/v1/sensors/devices/matrix-missing',
      payload: { structure_id: fx.structureIds[0] },
    }),
    expect: staffOnly(404),
  },
  'DELETE /api/v1/sensors/devices/:deviceId': {
    request: () => ({ url: '/api/v1/sensors/devices/matrix-missing' }),
    expect: staffOnly(404),
  },
  'POST /api/v1/sensors/readings': {
    request: () => ({
      url: '/api/v1/sensors/readings',
      payload: { payload_time: '2026-11-28T06:00:00Z', payload: { tilt: [{ x: 1, y: 0, z: 89 }] } },
    }),
    expect: everyone(401),
  },
  'GET /api/v1/structures/sensor_data': {
    request: () => ({ url: '/api/v1/structures/sensor_data?range=7d' }),
    expect: loggedIn(200),
  },
  'GET /api/v1/structures/sensor_devices': {
    request: () => ({ url: '/api/v1/structures/sensor_devices' }),
    expect: loggedIn(200),
  },
  'GET /api/v1/structures/sensor_device_payload': {
    request: () => ({ url: '/api/v1/structures/sensor_device_payload?device_id=matrix-missing' }),
    expect: loggedIn(404),
  },
  // Alert rules: everyone reads their company's (staff name it); customers, super admins and project
  // managers change them; another company's customer 404 (its existence not revealed).
  'GET /api/v1/sensors/alert-rules': {
    request: (fx) => ({ url: `/api/v1/sensors/alert-rules?company_id=${fx.companyId}` }),
    expect: { ...loggedIn(200), customer_other: 404 },
  },
  'PUT /api/v1/sensors/alert-rules': {
    request: (fx) => ({
      url: `/api/v1/sensors/alert-rules?company_id=${fx.companyId}`,
      payload: { rules: [DEFAULT_RULE_SETS.transmission] },
    }),
    expect: { ...loggedIn(200), inspector: 403, user: 403, customer_other: 404 },
  },
  'GET /api/v1/sensors/alerts': {
    request: () => ({ url: '/api/v1/sensors/alerts?device_id=matrix-missing' }),
    expect: loggedIn(404),
  },
  'GET /api/v1/sensors/alert-subscription': {
    request: () => ({ url: '/api/v1/sensors/alert-subscription' }),
    expect: loggedIn(200),
  },
  'PUT /api/v1/sensors/alert-subscription': {
    request: () => ({ url: '/api/v1/sensors/alert-subscription', payload: { subscribed: false } }),
    expect: loggedIn(200),
  },
};
