import {
  MoveSensorDevice,
  parseSensorStructureList,
  RegisterSensorDevice,
  SensorDataQuery,
  SensorDeviceCredential,
  SensorDeviceList,
  SensorDeviceListQuery,
  SensorDeviceParams,
  SensorDeviceRow,
  SensorPayloadList,
  SensorPayloadQuery,
  SensorReadingsAccepted,
  SensorReadingsBody,
  SensorStructureList,
} from '../api/sensors.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The sensors calls (the server's sensors routes and the web's calls to them). */
export const sensorsEndpoints = {
  registerDevice: defineEndpoint({
    method: 'POST',
    path: '/sensors/devices',
    body: RegisterSensorDevice,
    response: SensorDeviceCredential,
    status: 201,
  }),
  moveDevice: defineEndpoint({
    method: 'PUT',
    path: '/sensors/devices/:deviceId',
    params: SensorDeviceParams,
    body: MoveSensorDevice,
    response: SensorDeviceRow,
  }),
  retireDevice: defineEndpoint({
    method: 'DELETE',
    path: '/sensors/devices/:deviceId',
    params: SensorDeviceParams,
    response: SensorDeviceRow,
  }),
  sendReadings: defineEndpoint({
    method: 'POST',
    path: '/sensors/readings',
    body: SensorReadingsBody,
    response: SensorReadingsAccepted,
    status: 202,
  }),
  sensorData: defineEndpoint({
    method: 'GET',
    path: '/structures/sensor_data',
    query: SensorDataQuery,
    response: SensorStructureList,
    parse: parseSensorStructureList,
  }),
  sensorDevices: defineEndpoint({
    method: 'GET',
    path: '/structures/sensor_devices',
    query: SensorDeviceListQuery,
    response: SensorDeviceList,
  }),
  sensorPayload: defineEndpoint({
    method: 'GET',
    path: '/structures/sensor_device_payload',
    query: SensorPayloadQuery,
    response: SensorPayloadList,
  }),
};
