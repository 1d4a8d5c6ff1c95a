import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './alerts.service.ts';

const tags = ['Sensors'];
const RULES =
  'Rules per structure class (distribution: projects of type Distribution; substation: Substation; ' +
  'transmission: every other type): tilt (the lean, larger of |tilt x| and |tilt y|, degrees) and ' +
  'vibration (the largest axis, g), each with a warning threshold (risk 2) and an alarm threshold (risk 3) ' +
  'the value must stay strictly above for hold_seconds; a raised alert clears when the value falls below ' +
  'threshold − hysteresis. A device silent longer than offline.after_seconds raises an offline alert of ' +
  'offline.level. Defaults (until a company changes a class): tilt warning/alarm distribution 5°/10°, ' +
  'transmission 3°/7°, substation 2°/5°, hysteresis 1°, hold 60 s; vibration 0.5 g/1 g, hysteresis 0.2 g, ' +
  'hold 10 s; offline after 600 s at level 1. The figures are rules of thumb of pole inspection practice ' +
  '(a wood pole leaning past 5° is maintenance, past 10° a replacement; 0.5 g held is galloping worth a ' +
  'look, 1 g a danger to hardware). Tilt thresholds stay below 20°: a 20° lean is an emergency on any scale.';
const WHO =
  "A customer: its own company (company_id absent or its own; another company's 404). Staff: company_id " +
  'required (400 without), an unknown company 404.';

export async function sensorAlertsRoutes(app: App): Promise<void> {
  const api = endpoints.alerts;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.getAlertRules, {
      tags,
      summary: "A company's sensor alert rules",
      description: `Everyone logged in. ${WHO} ${RULES} Every class is answered, customized false where it has the defaults.`,
    }),
    config: { access: 'sensor.read' },
    handler: (req) => service.alertRules(db, actorOf(req), req.query.company_id),
  });

  app.route({
    ...endpointRoute(api.putAlertRules, {
      tags,
      summary: "Change a company's sensor alert rules",
      description:
        'Customers (their own company), super admins and project managers (any company); inspectors and ' +
        `users 403. ${WHO} Body {rules: [rule set, …]}: the classes given are replaced, the others keep ` +
        'their rules. A bad value (a tilt threshold at or past 20°, a warning not below its alarm, a ' +
        'hysteresis not below its warning, an unknown field) refuses the whole body (400) with nothing ' +
        `written. Audited. Answers the rules as GET does. ${RULES}`,
    }),
    config: { access: 'sensor.alerts.edit' },
    handler: (req) => service.saveAlertRules(db, actorOf(req), req.query.company_id, req.body.rules),
  });

  app.route({
    ...endpointRoute(api.getAlerts, {
      tags,
      summary: "A device's alerts over a range (the chart's bands)",
      description:
        "Everyone logged in; a device of another company, or one that does not exist, 404. The device's " +
        'raised alerts overlapping the last range (1h, 24h default, 7d, 30d), oldest first: kind (tilt, ' +
        'vibration, offline), level 1–3, the threshold, started_at (the value went over), raised_at (the ' +
        'hold was met), ended_at (null while open), peak.',
    }),
    config: { access: 'sensor.read' },
    handler: (req) =>
      service.deviceAlerts(db, actorOf(req), req.query.device_id, req.query.range, new Date()),
  });

  app.route({
    ...endpointRoute(api.getAlertSubscription, {
      tags,
      summary: 'How I am told of sensor alerts (e-mail, SMS)',
      description:
        'Everyone logged in, about themselves: email and sms (the channels chosen), subscribed (either) and ' +
        'has_phone (SMS needs a phone on the profile). A subscribed user is sent one e-mail and/or one text ' +
        "message (through the outbox) per raised alert of a device of their own company's structures.",
    }),
    config: { access: 'sensor.read' },
    handler: (req) => service.subscription(db, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.putAlertSubscription, {
      tags,
      summary: 'Opt in or out of sensor alert e-mails and text messages',
      description:
        'Everyone logged in, for themselves only. Body {email?, sms?} (the channels given change, the other ' +
        'keeps its choice) or {subscribed} (true: e-mail on; false: both off). sms true without a phone on ' +
        'the profile 400 with nothing written. Audited. A subscribed user is sent (through the outbox) one ' +
        "e-mail and/or one text message per raised alert of a device of their own company's structures.",
    }),
    config: { access: 'sensor.read' },
    handler: (req) => service.setSubscription(db, actorOf(req), req.body),
  });
}
