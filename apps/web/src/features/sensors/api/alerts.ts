import { type AlertRuleSet, endpoints, SENSOR_REFRESH_MS, type SensorRange } from '@linewalker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/sensors/alerts: the device's alerts over the chart's range (its bands), refreshed with the list. */
export const useSensorAlerts = (deviceId: string | null, range: SensorRange) =>
  useQuery({
    queryKey: queryKeys.sensors.alerts(deviceId ?? '', range),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.alerts.getAlerts, { query: { device_id: deviceId ?? '', range }, signal }),
    enabled: deviceId !== null,
    refetchInterval: SENSOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** GET /api/v1/sensors/alert-rules: a company's rules (a customer's own: `companyId` null). */
export const useAlertRules = (companyId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.alertRules(companyId),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.alerts.getAlertRules, {
        query: companyId === null ? {} : { company_id: companyId },
        signal,
      }),
    enabled,
  });

/** PUT /api/v1/sensors/alert-rules; the list's Risk column follows the new rules from the next readings. */
export function useSaveAlertRules(companyId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: AlertRuleSet[]) =>
      apiRequest(endpoints.alerts.putAlertRules, {
        query: companyId === null ? {} : { company_id: companyId },
        body: { rules },
      }),
    onSuccess: (data) => client.setQueryData(queryKeys.sensors.alertRules(companyId), data),
  });
}

export const useAlertSubscription = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.subscription(),
    queryFn: ({ signal }) => apiRequest(endpoints.alerts.getAlertSubscription, { signal }),
    enabled,
  });

export function useSaveAlertSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channels: { email: boolean; sms: boolean }) =>
      apiRequest(endpoints.alerts.putAlertSubscription, { body: channels }),
    onSuccess: (data) => client.setQueryData(queryKeys.sensors.subscription(), data),
  });
}

/** Staff choose whose rules to edit: the customer companies (GET /api/v1/customers). */
export const useAlertCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sensors.companies(),
    queryFn: ({ signal }) => apiRequest(endpoints.customers.list, { signal }),
    enabled,
  });
