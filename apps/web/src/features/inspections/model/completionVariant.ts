/**
 * Which Complete Inspection form a project uses. The spec lists three variants without saying which
 * project gets which; we choose by project type (ids fixed in the reference data):
 * - ETT (3) and ABB (4), arm and flange surveys: variant 1, the condition form (Replacement Priority,
 *   Crack Detected, bend angle and radius, Notes), whose fields are about arm damage;
 * - Transmission (2): variant 3, the Asset Material / Asset Type dropdowns, which describe towers;
 * - Distribution (1), Substation (5) and any other type: variant 2, the structure details form.
 */
export type CompletionVariant = 'condition' | 'structure' | 'dropdown';

export const PROJECT_TYPE_IDS = { distribution: 1, transmission: 2, ett: 3, abb: 4, substation: 5 } as const;

export function completionVariantFor(ptypeId: number): CompletionVariant {
  if (ptypeId === PROJECT_TYPE_IDS.ett || ptypeId === PROJECT_TYPE_IDS.abb) return 'condition';
  if (ptypeId === PROJECT_TYPE_IDS.transmission) return 'dropdown';
  return 'structure';
}
