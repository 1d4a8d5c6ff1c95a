import { z } from 'zod';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { DroneFlightDetail, DroneFlightList, DroneFlightParams, DroneRecordingParams } from './flights.ts';
import {
  DroneCommand,
  DroneCommandAnswer,
  DroneControl,
  DroneList,
  DroneListItem,
  DroneListQuery,
  DroneRetireBody,
  DroneSaveBody,
  EmergencyStopBody,
} from './index.ts';

/** Remote flight (spec 3 §7): the drone picker, the command call, the control lease and the emergency stop. */
export const dronesEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/drones', query: DroneListQuery, response: DroneList }),
  /** The Drones admin page (super admins): register, edit, retire. */
  create: defineEndpoint({
    method: 'POST',
    path: '/drones',
    body: DroneSaveBody,
    response: DroneListItem,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/drones/:id',
    params: IdParam,
    body: DroneSaveBody,
    response: DroneListItem,
  }),
  retire: defineEndpoint({
    method: 'POST',
    path: '/drones/:id/retire',
    params: IdParam,
    body: DroneRetireBody,
    response: DroneListItem,
  }),
  /** The flight log: a drone's flights, and one flight's track, events, commands and captures. */
  flights: defineEndpoint({
    method: 'GET',
    path: '/drones/:id/flights',
    params: IdParam,
    response: DroneFlightList,
  }),
  flight: defineEndpoint({
    method: 'GET',
    path: '/drones/:id/flights/:flightId',
    params: DroneFlightParams,
    response: DroneFlightDetail,
  }),
  /** A 302 to a signed URL of a recorded video (an MJPEG AVI), not a JSON call. */
  recordingVideo: defineEndpoint({
    method: 'GET',
    path: '/drones/:id/recordings/:recordingId/video',
    params: DroneRecordingParams,
    response: z.unknown(),
  }),
  sendCommand: defineEndpoint({
    method: 'POST',
    path: '/drones/sendCommand/:id',
    params: IdParam,
    body: DroneCommand,
    response: DroneCommandAnswer,
  }),
  control: defineEndpoint({
    method: 'GET',
    path: '/drones/:id/control',
    params: IdParam,
    response: DroneControl,
  }),
  takeControl: defineEndpoint({
    method: 'POST',
    path: '/drones/:id/control',
    params: IdParam,
    response: DroneControl,
  }),
  releaseControl: defineEndpoint({
    method: 'DELETE',
    path: '/drones/:id/control',
    params: IdParam,
    response: DroneControl,
  }),
  emergencyStop: defineEndpoint({
    method: 'POST',
    path: '/drones/:id/emergencyStop',
    params: IdParam,
    body: EmergencyStopBody,
    response: DroneControl,
  }),
};
