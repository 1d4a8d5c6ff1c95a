import {
  type AlertRuleSet,
  AlertRulesResponse,
  AlertSubscription,
  CustomerList,
  SENSOR_REFRESH_MS,
  SensorAlertList,
  type SensorRange,
} from '@linewalker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/sensors/alerts: the device's alerts over the chart's range (its bands), refreshed with the list. */
export const useSensorAlerts = (deviceId: string | null, range: SensorRange) =>
  useQuery({
    queryKey: queryKeys.sensors.alerts(deviceId ?? '', range),
    queryFn: ({ signal }) =>
      apiRequest('/sensors/alerts', {
        query: { device_id: deviceId ?? '', range },
        schema: SensorAlertList,
        signal,
      }),
    enabled: deviceId !== null,
    refetchInterval: SENSOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** GET /api/v1/sensors/alert-rules: a company's rules (a customer's own: `companyId` null). */
export const useAlertRules = (companyId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.alertRules(companyId),
    queryFn: ({ signal }) =>
      apiRequest('/sensors/alert-rules', {
        query: companyId === null ? {} : { company_id: companyId },
        schema: AlertRulesResponse,
        signal,
      }),
    enabled,
  });

/** PUT /api/v1/sensors/alert-rules; the list's Risk column follows the new rules from the next readings. */
export function useSaveAlertRules(companyId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: AlertRuleSet[]) =>
      apiRequest('/sensors/alert-rules', {
        method: 'PUT',
        query: companyId === null ? {} : { company_id: companyId },
        body: { rules },
        schema: AlertRulesResponse,
      }),
    onSuccess: (data) => client.setQueryData(queryKeys.sensors.alertRules(companyId), data),
  });
}

export const useAlertSubscription = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.subscription(),
    queryFn: ({ signal }) => apiRequest('/sensors/alert-subscription', { schema: AlertSubscription, signal }),
    enabled,
  });

export function useSaveAlertSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channels: { email: boolean; sms: boolean }) =>
      apiRequest('/sensors/alert-subscription', {
        method: 'PUT',
        body: channels,
        schema: AlertSubscription,
      }),
    onSuccess: (data) => client.setQueryData(queryKeys.sensors.subscription(), data),
  });
}

/** Staff choose whose rules to edit: the customer companies (GET /api/v1/customers). */
export const useAlertCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.companies(),
    queryFn: ({ signal }) => apiRequest('/customers', { schema: CustomerList, signal }),
    enabled,
  });
