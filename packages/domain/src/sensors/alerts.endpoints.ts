import {
  AlertRulesBody,
  AlertRulesQuery,
  AlertRulesResponse,
  AlertSubscription,
  AlertSubscriptionBody,
  SensorAlertList,
  SensorAlertsQuery,
} from '../api/sensorAlerts.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The alerts calls (the server's alerts routes and the web's calls to them). */
export const alertsEndpoints = {
  getAlertRules: defineEndpoint({
    method: 'GET',
    path: '/sensors/alert-rules',
    query: AlertRulesQuery,
    response: AlertRulesResponse,
  }),
  putAlertRules: defineEndpoint({
    method: 'PUT',
    path: '/sensors/alert-rules',
    query: AlertRulesQuery,
    body: AlertRulesBody,
    response: AlertRulesResponse,
  }),
  getAlerts: defineEndpoint({
    method: 'GET',
    path: '/sensors/alerts',
    query: SensorAlertsQuery,
    response: SensorAlertList,
  }),
  getAlertSubscription: defineEndpoint({
    method: 'GET',
    path: '/sensors/alert-subscription',
    response: AlertSubscription,
  }),
  putAlertSubscription: defineEndpoint({
    method: 'PUT',
    path: '/sensors/alert-subscription',
    body: AlertSubscriptionBody,
    response: AlertSubscription,
  }),
};
