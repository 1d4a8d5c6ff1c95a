import { PermanentJobError } from '../jobs/define.ts';
import type { Transport } from './transport.ts';

export interface SmsHttpSettings {
  /** Base URL of a Twilio-compatible API, e.g. https://api.twilio.com (SMS_API_URL). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number or messaging service id (SMS_FROM). */
  from: string;
}

/** A US number as the pilot form takes it ('(720) 555-0131') in E.164 ('+17205550131'). */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/**
 * Text messages through a Twilio-compatible HTTP API: `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json`
 * with a form body (To, From, Body) and basic authentication. A refusal the provider will repeat (4xx other
 * than 429: a bad number, bad credentials) is permanent; timeouts, 429 and 5xx are retried by the job.
 */
export function smsHttpTransport(settings: SmsHttpSettings, fetchImpl: typeof fetch = fetch): Transport {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'sms-http',
    async deliver(message) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: toE164(message.to), From: settings.from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (res.ok) return 'sent';
      const text = (await res.text().catch(() => '')).slice(0, 300);
      const reason = `SMS provider answered ${res.status}${text ? `: ${text}` : ''}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentJobError(reason);
      throw new Error(reason);
    },
  };
}
