import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { redirectToSignedUrl } from '../../platform/http/signedRedirect.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import { InProcessBus, RedisBus } from './bus.ts';
import { emergencyStop, getControl, releaseControl, sendCommand, takeControl } from './commands.service.ts';
import { editDrone, listDrones, registerDrone, retireDrone } from './drones.service.ts';
import { droneFlight, droneFlights, recordingUrl } from './flights.service.ts';
import { DroneHub } from './hub.ts';
import { serveLiveConsole } from './live.ts';

const tags = ['Remote flight'];

const WHO =
  'Who: every staff role may watch a drone (status and video); inspectors, project managers and super admins ' +
  'may fly one; only super admins register drones. Customers reach none of it (403).';

const hubs = new WeakMap<object, DroneHub>();

/** This app's drone hub (tests reach the vehicle links through it). */
export function droneHubOf(app: App): DroneHub {
  const hub = hubs.get(app.deps);
  if (!hub) throw new Error('the drones module is not registered');
  return hub;
}

export async function dronesRoutes(app: App): Promise<void> {
  const api = endpoints.dronesMore;
  const { config, database } = app.deps;
  const db = database.db;
  const onError = (err: unknown, what: string) => app.log.error({ err }, what);
  const bus = config.redisUrl
    ? new RedisBus(config.redisUrl, config.redisPrefix, (err) => onError(err, 'redis bus'))
    : new InProcessBus();
  if (bus instanceof RedisBus) await bus.ready();
  const hub = new DroneHub(db, bus, { leaseMs: config.droneLinkLeaseMs, onError, storage: app.deps.storage });
  hubs.set(app.deps, hub);
  app.addHook('onClose', async () => {
    await hub.close();
    await bus.close();
  });

  app.route({
    ...endpointRoute(endpoints.drones.list, {
      tags,
      summary: 'The drones the caller may watch (the remote flight console’s drone picker)',
      description:
        'Each registered drone with its driver (`simulator` or `mavlink`), company, the project whose ' +
        `structures its simulated camera shows, and its last status; retired drones only with ` +
        `\`include_retired=true\` (the Drones admin page). ${WHO}`,
    }),
    config: { access: 'drone.watch' },
    handler: async (req) => listDrones(app.deps, actorOf(req), req.query.include_retired === 'true'),
  });

  const SAVE =
    'Body: name, serial_number (unique whatever its case: 409 drone_serial_taken, also when two saves race), ' +
    'company_id, driver (`simulator`, or `mavlink` with address `host:port`: the UDP address the vehicle ' +
    'listens on, or `0.0.0.0:port` to listen on that port for a vehicle that sends there; a simulator has ' +
    'none), ' +
    'home_lat/home_lon/home_alt (the home position, metres above sea level) and optionally project_id (the ' +
    'project whose structures the simulated camera shows). An unknown company or project answers 400. Audited. ' +
    'Super admins only.';

  app.route({
    ...endpointRoute(endpoints.drones.create, {
      tags,
      summary: 'Register a drone (the Drones admin page)',
      description: SAVE,
      errors: { 409: ApiError },
    }),
    config: { access: 'drone.admin' },
    handler: async (req) => registerDrone(app.deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(endpoints.drones.update, {
      tags,
      summary: 'Edit a drone',
      description:
        `${SAVE} The failsafes apply to a running vehicle link at once; a new driver, address or home when ` +
        'the link next starts.',
      errors: { 404: ApiError, 409: ApiError },
    }),
    config: { access: 'drone.admin' },
    handler: async (req) => {
      const item = await editDrone(app.deps, actorOf(req), req.params.id, req.body);
      hub.signal(req.params.id, { op: 'settingsChanged' });
      return item;
    },
  });

  app.route({
    ...endpointRoute(endpoints.drones.retire, {
      tags,
      summary: 'Retire a drone, or bring it back into service',
      description:
        '`{retired: true}`: the drone leaves the console’s picker, its control lease ends and it takes no ' +
        'command (404), its vehicle link stops, its command log stays. `{retired: false}` brings it back. ' +
        'Audited. Super admins only.',
      errors: { 404: ApiError },
    }),
    config: { access: 'drone.admin' },
    handler: async (req) => {
      const item = await retireDrone(app.deps, actorOf(req), req.params.id, req.body.retired);
      if (req.body.retired) await hub.stopLink(req.params.id);
      return item;
    },
  });

  app.route({
    ...endpointRoute(endpoints.drones.flights, {
      tags,
      summary: 'The flight log: a drone’s flights, newest first',
      description:
        'Each flight from take-off to landing (ended_at null while in the air) with its pilot at take-off and ' +
        `how many track samples, commands and captures it has. Retired drones keep their log. ${WHO}`,
      errors: { 404: ApiError },
    }),
    config: { access: 'drone.watch' },
    handler: async (req) => droneFlights(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(endpoints.drones.flight, {
      tags,
      summary: 'One flight for its replay: track, events, commands and captures',
      description:
        'The track is a sample a second (position, height above home, heading, speed, battery); events are ' +
        'take-off, landing and each failsafe raised and cleared; commands are every command the drone got ' +
        `in the flight, with the project photo of each capture; recordings are the videos recorded in it. ` +
        `404 for a flight of another drone. ${WHO}`,
      errors: { 404: ApiError },
    }),
    config: { access: 'drone.watch' },
    handler: async (req) => droneFlight(db, actorOf(req), req.params.id, req.params.flightId),
  });

  app.route({
    ...endpointRoute(endpoints.drones.recordingVideo, {
      tags,
      summary: 'Download a recorded video',
      description:
        `302 to a signed URL valid for ${SIGNED_GET_SECONDS} s of the video (an MJPEG AVI of the camera's ` +
        `frames as recorded: VLC, Windows and ffmpeg play it; the console's flight log plays it in the page). ` +
        `404 for a recording of another drone. ${WHO}`,
    }),
    config: { access: 'drone.watch' },
    handler: async (req, reply) => {
      const url = await recordingUrl(app.deps, actorOf(req), req.params.id, req.params.recordingId);
      return redirectToSignedUrl(reply, url);
    },
  });

  app.route({
    ...endpointRoute(endpoints.drones.sendCommand, {
      tags,
      summary: 'Send one command to a drone (spec 3 §7)',
      description:
        'Body `{requestId, endpoint, requestJson: null}`; `/capture` may name the project its photo goes to ' +
        '(`requestJson: {projectId}`), else it goes to the drone’s own project (400 when the drone has none). ' +
        'Executed at most once per `requestId`: a repeat ' +
        'answers what the first got. Only the pilot holding the control lease may fly (409 otherwise); each ' +
        'command renews that lease. `result` is `executed`, `rejected` (the vehicle refused: not armed…), ' +
        '`late` (it reached the vehicle more than 500 ms after the server received it: dropped, never run ' +
        'late), `stopped` (emergency stop active) or `unreachable`. Every command is logged with who sent ' +
        `it, when, when it was acknowledged and its result. ${WHO}`,
      errors: { 404: ApiError, 409: ApiError },
    }),
    config: { access: 'drone.fly' },
    handler: async (req) => sendCommand(app.deps, hub, actorOf(req), req.params.id, req.body),
  });

  app.route({
    ...endpointRoute(endpoints.drones.control, {
      tags,
      summary: 'Who flies the drone, and whether its emergency stop is active',
      errors: { 404: ApiError },
    }),
    config: { access: 'drone.watch' },
    handler: async (req) => getControl(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(endpoints.drones.takeControl, {
      tags,
      summary: 'Take the control lease (one pilot at a time; the others watch)',
      description:
        'The lease lasts 30 s and is renewed by every command and by the console’s heartbeat on the live ' +
        'connection. 409 naming the pilot while another one holds it.',
      errors: { 404: ApiError, 409: ApiError },
    }),
    config: { access: 'drone.fly' },
    handler: async (req) => takeControl(db, hub, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(endpoints.drones.releaseControl, {
      tags,
      summary: 'Give the control lease back (nothing happens for a pilot who does not hold it)',
      errors: { 404: ApiError },
    }),
    config: { access: 'drone.fly' },
    handler: async (req) => releaseControl(db, hub, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(endpoints.drones.emergencyStop, {
      tags,
      summary: 'Engage or release the emergency stop',
      description:
        '`{active: true}`: the vehicle brakes to a hover and every command is refused (`stopped`) until ' +
        '`{active: false}`. Any pilot may engage it; only the pilot in control (or any, while nobody is) ' +
        'may release it.',
      errors: { 404: ApiError, 409: ApiError },
    }),
    config: { access: 'drone.fly' },
    handler: async (req) => emergencyStop(db, hub, actorOf(req), req.params.id, req.body.active),
  });

  // The live connection (spec 3 §7): authenticated with the session cookie at the upgrade, refused (401/403)
  // before any socket opens. Messages: see serveLiveConsole.
  app.route({
    ...endpointRoute(api.serveLiveConsole, {
      tags,
      summary: 'The live connection of the remote flight console (WebSocket)',
      description:
        'Upgrade to a WebSocket with the session cookie (or a Bearer token); refused with 401 without a ' +
        'session and 403 for a role that may not watch drones (customers) before any socket opens. The client ' +
        "sends `{droneId, op: 'subscriber'}` for a drone it may see; the server sends `{op: 'status', payload}` " +
        "about ten times a second and `{op: 'detectorFrame', payload: {image, renderedAt}}` (a base64 JPEG) " +
        'while the client keeps up (a client that subscribes with `binary: true` gets each frame as one binary ' +
        'message instead: the render time as a big-endian float64 of ms since the epoch, then the JPEG); the ' +
        'pilot in control sends heartbeats that keep the control lease.',
    }),
    websocket: true,
    config: { access: 'drone.watch' },
    handler: (socket, req) => serveLiveConsole(db, hub, actorOf(req), socket),
  });
}
