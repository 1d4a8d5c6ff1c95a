/** Structure-number styles seen on utility lines: distribution "line/pole" ("12/3") and transmission tower tags ("T-045"). */
export type StructNumStyle = 'span' | 'tower';

export function structNum(style: StructNumStyle, lineNumber: number, index: number): string {
  return style === 'span' ? `${lineNumber}/${index}` : `T-${String(index).padStart(3, '0')}`;
}

/** Crew colours in crew-number order (10 crews at most, spec 1 §9). */
export const CREW_COLORS = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#bfef45',
  '#9a6324',
  '#469990',
] as const;

export const crewColor = (crewNumber: number): string =>
  CREW_COLORS[(crewNumber - 1) % CREW_COLORS.length] as string;
