/** The header of the generated structure CSVs; the mapping step picks these column names. */
export const CSV_COLUMNS = {
  lineNameField: 'Line Name',
  structNumField: 'Structure',
  latField: 'Latitude',
  lonField: 'Longitude',
} as const;

/**
 * A structure CSV as exported from a GIS: CRLF line ends, 500 lines, unique structure numbers,
 * coordinates in range, and every tenth row a quoted note with a comma and doubled quotes, so both
 * parsers take their slow path now and then.
 */
export function structureCsv(rows: number): string {
  const lines = ['Line Name,Structure,Latitude,Longitude,Type,Notes'];
  for (let i = 0; i < rows; i++) {
    const note = i % 10 === 0 ? '"pole, leaning ""a bit"""' : '';
    const lat = (30 + (i % 1000) / 1000).toFixed(6);
    const lon = (-90 - (i % 777) / 1000).toFixed(6);
    lines.push(`Line ${i % 500},STR-${i},${lat},${lon},${i % 3 ? 'tower' : 'pole'},${note}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
