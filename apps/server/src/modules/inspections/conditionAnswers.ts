import {
  type ConditionAnswers,
  type ConditionCompletionData,
  CRACK_DETECTED_CHOICES,
  REPLACEMENT_PRIORITIES,
} from '@linewalker/domain';

/**
 * The condition form (variant 1) keeps its answers as text in the inspection's sem_ conditions, next to the
 * other condition fields, under these keys.
 */
const KEYS = {
  replacementPriority: 'replacement_priority',
  crackDetected: 'crack_detected',
  bendAngle: 'bend_angle',
  bendRadius: 'bend_radius',
} as const;

/** The sem_ condition values to write; null clears a measurement left empty. */
export function conditionToSem(data: ConditionCompletionData): Record<string, string | null> {
  return {
    [KEYS.replacementPriority]: data.replacementPriority,
    [KEYS.crackDetected]: data.crackDetected,
    [KEYS.bendAngle]: data.bendAngle == null ? null : String(data.bendAngle),
    [KEYS.bendRadius]: data.bendRadius == null ? null : String(data.bendRadius),
  };
}

const oneOf = <T extends string>(choices: readonly T[], value: string | undefined): T | undefined =>
  choices.find((c) => c === value);

const measurement = (value: string | undefined): number | null => {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The saved answers, or null when the condition form was never saved for this inspection. */
export function semToCondition(sem: Readonly<Record<string, string>> | null): ConditionAnswers | null {
  const priority = oneOf(REPLACEMENT_PRIORITIES, sem?.[KEYS.replacementPriority]);
  const crack = oneOf(CRACK_DETECTED_CHOICES, sem?.[KEYS.crackDetected]);
  if (!priority || !crack) return null;
  return {
    replacement_priority: priority,
    crack_detected: crack,
    bend_angle: measurement(sem?.[KEYS.bendAngle]),
    bend_radius: measurement(sem?.[KEYS.bendRadius]),
  };
}
