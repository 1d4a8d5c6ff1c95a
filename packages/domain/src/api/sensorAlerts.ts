import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { STRUCTURE_CLASSES, TILT_EMERGENCY_DEG } from '../sensors/alerts.ts';
import { DeviceId } from './sensors.ts';

const Seconds = (label: string, max: number) =>
  z
    .number({ message: `${label}: a number of seconds` })
    .int(`${label}: whole seconds`)
    .min(0, `${label}: 0 or more seconds`)
    .max(max, `${label}: at most ${max} seconds`);
const Positive = (label: string, max: number, unit: string) =>
  z
    .number({ message: `${label}: a number` })
    .finite()
    .gt(0, `${label}: more than 0`)
    .max(max, `${label}: at most ${max}${unit}`);
const NonNegative = (label: string, max: number, unit: string) =>
  z
    .number({ message: `${label}: a number` })
    .finite()
    .min(0, `${label}: 0 or more`)
    .max(max, `${label}: at most ${max}${unit}`);
const tiltMax = TILT_EMERGENCY_DEG - 0.1;

/**
 * One structure class's alert rules (see DEFAULT_RULE_SETS for their meaning and defaults). Tilt thresholds
 * stay under 20° (an emergency on any scale), the warning under the alarm, the hysteresis under the warning
 * (an alert must be able to clear); hold times up to an hour, offline after 1 minute to 7 days.
 */
export const AlertRuleSet = z
  .object({
    structure_class: z.enum(STRUCTURE_CLASSES),
    tilt: z
      .object({
        warning_deg: Positive('Tilt warning', tiltMax, '° (20° is an emergency on any scale)'),
        alarm_deg: Positive('Tilt alarm', tiltMax, '° (20° is an emergency on any scale)'),
        hysteresis_deg: NonNegative('Tilt hysteresis', 10, '°'),
        hold_seconds: Seconds('Tilt hold', 3600),
      })
      .strict(),
    vibration: z
      .object({
        warning_g: Positive('Vibration warning', 16, ' g'),
        alarm_g: Positive('Vibration alarm', 16, ' g'),
        hysteresis_g: NonNegative('Vibration hysteresis', 8, ' g'),
        hold_seconds: Seconds('Vibration hold', 3600),
      })
      .strict(),
    offline: z
      .object({
        after_seconds: Seconds('Offline after', 7 * 86_400).min(60, 'Offline after: at least 60 seconds'),
        level: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'Offline level: 1, 2 or 3' }),
      })
      .strict(),
  })
  .strict()
  .superRefine((set, ctx) => {
    const order = (path: string[], lower: number, upper: number, message: string) => {
      if (lower >= upper) ctx.addIssue({ code: 'custom', path, message });
    };
    order(
      ['tilt', 'alarm_deg'],
      set.tilt.warning_deg,
      set.tilt.alarm_deg,
      'Tilt alarm: above the tilt warning',
    );
    order(
      ['tilt', 'hysteresis_deg'],
      set.tilt.hysteresis_deg,
      set.tilt.warning_deg,
      'Tilt hysteresis: below the tilt warning',
    );
    order(
      ['vibration', 'alarm_g'],
      set.vibration.warning_g,
      set.vibration.alarm_g,
      'Vibration alarm: above the vibration warning',
    );
    order(
      ['vibration', 'hysteresis_g'],
      set.vibration.hysteresis_g,
      set.vibration.warning_g,
      'Vibration hysteresis: below the vibration warning',
    );
  });
export type AlertRuleSet = z.infer<typeof AlertRuleSet>;

export const AlertRulesQuery = z.object({ company_id: PositiveId.optional() });

/** PUT body: the classes to replace (each at most once); the classes left out keep their rules. */
export const AlertRulesBody = z
  .object({
    rules: z
      .array(AlertRuleSet)
      .min(1, 'rules: at least one structure class')
      .max(STRUCTURE_CLASSES.length)
      .refine(
        (sets) => new Set(sets.map((s) => s.structure_class)).size === sets.length,
        'rules: each structure class at most once',
      ),
  })
  .strict();

export const AlertRulesResponse = z.object({
  company_id: z.number().int(),
  /** Every class, in STRUCTURE_CLASSES order: the company's rules, or the defaults where it kept them. */
  rules: z.array(
    z.object({
      ...AlertRuleSet.shape,
      /** False while the class has the shipped defaults. */
      customized: z.boolean(),
      updated_at: z.string().nullable(),
    }),
  ),
  defaults: z.array(AlertRuleSet),
});
export type AlertRulesResponse = z.infer<typeof AlertRulesResponse>;

/** The chart's alert bands: the device's alerts overlapping the range. */
export const SensorAlertsQuery = z.object({
  device_id: DeviceId,
  range: z.enum(['1h', '24h', '7d', '30d']).default('24h'),
});
export const SensorAlert = z.object({
  id: z.number().int(),
  device_id: z.string(),
  kind: z.enum(['tilt', 'vibration', 'offline']),
  level: z.number().int().min(1).max(3),
  /** The rule's threshold when raised (degrees, g; offline: its seconds). */
  threshold: z.number(),
  /** When the value went over the threshold (the start of the hold), when the hold was met, when it cleared. */
  started_at: z.string(),
  raised_at: z.string(),
  ended_at: z.string().nullable(),
  /** The highest value while it lasted (null for offline). */
  peak: z.number().nullable(),
  /** Why it ended (null while open): cleared, heard (offline ended), retired or moved (the device). */
  end_reason: z.enum(['cleared', 'heard', 'retired', 'moved']).nullable(),
});
export type SensorAlert = z.infer<typeof SensorAlert>;
export const SensorAlertList = z.array(SensorAlert);

/**
 * The caller's own opt-in to alert notices: by e-mail and/or text message (SMS to the phone of their
 * profile, `has_phone`). `subscribed` = either.
 */
export const AlertSubscription = z
  .object({ subscribed: z.boolean(), email: z.boolean(), sms: z.boolean(), has_phone: z.boolean() })
  .strict();
export type AlertSubscription = z.infer<typeof AlertSubscription>;
/**
 * A change of the opt-in: `email` and/or `sms` set those channels; `subscribed` alone is the e-mail (true:
 * e-mail on; false: both off).
 */
export const AlertSubscriptionBody = z
  .object({ subscribed: z.boolean().optional(), email: z.boolean().optional(), sms: z.boolean().optional() })
  .strict()
  .refine((b) => b.subscribed !== undefined || b.email !== undefined || b.sms !== undefined, {
    message: 'Give email, sms or subscribed',
  });
export type AlertSubscriptionBody = z.infer<typeof AlertSubscriptionBody>;
