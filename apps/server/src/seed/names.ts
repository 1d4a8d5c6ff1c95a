/** Structure-number styles seen on utility lines: distribution "line/pole" ("12/3") and transmission tower tags ("T-045"). */
export type StructNumStyle = 'span' | 'tower';

export function structNum(style: StructNumStyle, lineNumber: number, index: number): string {
  return style === 'span' ? `${lineNumber}/${index}` : `T-${String(index).padStart(3, '0')}`;
}
