import { createHash } from 'node:crypto';
import { endpoints, SENSOR_BATCH_MAX } from '@linewalker/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as data from './sensorData.service.ts';
import * as service from './sensors.service.ts';

/** Answers 304 when the caller's If-None-Match is this body's ETag (the page's unchanged 5-second refresh). */
/**
 * Answers `body` with an ETag of its JSON, or 304 when the client has it. The JSON made for the tag is the
 * one sent: the rows are built field by field in the schema's shape (and checked where they are read, in
 * tests and development), so the route's serializer would only parse and stringify 10,000 rows again.
 */
function withEtag(req: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
const READ =
  "Everyone logged in: a customer sees its own company's devices only (company_id is ignored); staff see " +
  'every company, or the one company_id names. Retired devices are left out.';

const tags = ['Sensors'];
const STAFF = 'Staff (every role but Customer); customers 403.';

export async function sensorsRoutes(app: App): Promise<void> {
  const api = endpoints.sensors;
  const db = app.deps.database.db;
  const notifier = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };

  app.route({
    ...endpointRoute(api.registerDevice, {
      tags,
      summary: 'Register a sensor device on a structure',
      description:
        `${STAFF} Registers device_id (1–64 letters, digits, '.', '_', ':' or '-') on a project structure and ` +
        'answers its token, shown this once (only its SHA-256 is kept). The device sends readings with it: ' +
        'MQTT username device_id, password the token; or HTTP Authorization: Bearer <token>. A structure that ' +
        'does not exist 404; a device_id already registered (retired too) 409 with nothing written.',
    }),
    config: { access: 'sensor.device.manage' },
    handler: async (req, reply) => {
      const credential = await service.registerDevice(
        db,
        actorOf(req),
        req.body.device_id,
        req.body.structure_id,
      );
      return reply.code(201).send(credential);
    },
  });

  app.route({
    ...endpointRoute(api.moveDevice, {
      tags,
      summary: 'Move a sensor device to another structure',
      description:
        `${STAFF} The device keeps its token and its readings. An unknown device or structure 404; a retired ` +
        'device 409.',
    }),
    config: { access: 'sensor.device.manage' },
    handler: (req) => service.moveDevice(db, actorOf(req), req.params.deviceId, req.body.structure_id),
  });

  app.route({
    ...endpointRoute(api.retireDevice, {
      tags,
      summary: 'Retire a sensor device',
      description:
        `${STAFF} From now on its token is refused (HTTP 401, MQTT connection refused); its readings stay. ` +
        'Idempotent; an unknown device 404.',
    }),
    config: { access: 'sensor.device.manage' },
    handler: (req) => service.retireDevice(db, actorOf(req), req.params.deviceId),
  });

  app.route({
    ...endpointRoute(api.sendReadings, {
      tags,
      summary: 'Send sensor readings (devices without MQTT)',
      description:
        'Public route for devices: Authorization: Bearer <device token> (from registration); an unknown or ' +
        `retired device 401. Body: one message {payload_time, payload, battery?} or an array of 1–${SENSOR_BATCH_MAX}; ` +
        'payload_time ISO 8601 with a zone, payload the fields of spec 3 §3 (methane, nitrus_oxide, ' +
        'carbon_dioxide, temp_humidity, uv: numbers; vibration, tilt: lists of {x, y, z}), battery 0–100. A ' +
        'message with any other field or a bad value refuses the whole request (400) with nothing stored. ' +
        '202 when stored: accepted = messages received, stored = new readings (the same device and ' +
        'payload_time is stored once).',
    }),
    // 1,000 readings with their vibration and tilt lists.
    bodyLimit: 16 * 1024 * 1024,
    config: { access: 'public' },
    handler: async (req, reply) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const messages = Array.isArray(req.body) ? req.body : [req.body];
      return reply.code(202).send(await service.ingestOverHttp(db, token || null, messages, notifier));
    },
  });

  app.route({
    ...endpointRoute(api.sensorData, {
      tags,
      summary: 'The sensors page: every sensor structure with its latest values',
      description:
        `${READ} One row per device (spec 3 §3 'Sensor structure'): line, structure, coordinates, battery, ` +
        "the newest tilt and vibration (the last item of the newest payload's lists), the first and newest " +
        'vibration times, alert = the risk 1–3 of the default rules. The device device_id names (the first ' +
        "row when device_id is left out: the page's first selection) also carries its vibrations over range (1h, 24h default, 7d, 30d): the range cut into 500 buckets, each " +
        'giving its minimum and maximum point, so never more than 1,000 points. ETag; If-None-Match → 304.',
    }),
    config: { access: 'sensor.read' },
    handler: async (req, reply) =>
      withEtag(req, reply, await data.sensorData(db, actorOf(req), req.query, new Date())),
  });

  app.route({
    ...endpointRoute(api.sensorDevices, {
      tags,
      summary: 'The sensor devices',
      description: `${READ} Each device with the structure it is on.`,
    }),
    config: { access: 'sensor.read' },
    handler: (req) => data.sensorDevices(db, actorOf(req), req.query.company_id),
  });

  app.route({
    ...endpointRoute(api.sensorPayload, {
      tags,
      summary: "A device's latest reading (the Sensor Data modal, polled every 5 s)",
      description:
        `${READ} A list whose first item is the newest reading (payload_time, payload, battery); empty before ` +
        'the first. A device of another company, or one that does not exist, 404. ETag; If-None-Match → 304.',
    }),
    config: { access: 'sensor.read' },
    handler: async (req, reply) =>
      withEtag(req, reply, await data.sensorDevicePayload(db, actorOf(req), req.query.device_id)),
  });
}
