import type { BasemapExtract } from '@linewalker/domain';
import { Table } from '@mantine/core';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';

/** 8.6821° E: a longitude or latitude as people read it, four decimals (about 10 m). */
function degrees(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(4)}° ${value < 0 ? negative : positive}`;
}

/** The bounds as west, south, east and north edges. */
export function boundsText([west, south, east, north]: BasemapExtract['bounds']): string {
  return [
    `West ${degrees(west, 'E', 'W')}`,
    `South ${degrees(south, 'N', 'S')}`,
    `East ${degrees(east, 'E', 'W')}`,
    `North ${degrees(north, 'N', 'S')}`,
  ].join(', ');
}

/** What the admin page tells about the extract in use: from its upload and its PMTiles header. */
export function BasemapExtractDetails({ extract }: { extract: BasemapExtract }) {
  const rows: Array<[string, string]> = [
    ['Name', extract.name],
    ['Size', formatBytes(extract.sizeBytes)],
    ['Tiles', extract.tileType === 'vector' ? 'Vector (streets drawn by the app)' : 'Raster (images)'],
    ['Zoom levels', `${extract.minZoom} to ${extract.maxZoom}`],
    ['Area', boundsText(extract.bounds)],
    ['Uploaded by', extract.uploadedBy ?? 'A deleted user'],
    ['Uploaded at', formatDateTime(extract.createdAt)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="basemap-extract">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
