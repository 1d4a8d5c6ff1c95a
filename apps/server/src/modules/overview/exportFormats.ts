import {
  BYTE_ORDER_MARK,
  csvLine,
  type ExportFormat,
  OVERVIEW_RISKS,
  reviewStatusLabel,
} from '@linewalker/domain';
import type { OverviewRow } from './overview.repository.ts';

/**
 * The three export formats utilities use, each as a header, one piece per structure and a footer, so the
 * service can stream a project of any size batch by batch.
 */
export interface ExportWriter {
  contentType: string;
  extension: string;
  header(projectName: string): string;
  row(row: OverviewRow, first: boolean): string;
  footer(): string;
}

const riskOf = (row: OverviewRow) => OVERVIEW_RISKS[row.risk_rank] ?? OVERVIEW_RISKS[0]!;
const statusOf = (row: OverviewRow) => reviewStatusLabel(row.review_status);

const CSV_HEADER = [
  'Structure',
  'Line Name',
  'Line Number',
  'Latitude',
  'Longitude',
  'Risk',
  'Risk Level',
  'Issues',
  'Images',
  'Status',
];

/** CSV for spreadsheets: byte-order mark, comma separated, formula-looking cells neutralised. */
const csv: ExportWriter = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  header: () => `${BYTE_ORDER_MARK}${csvLine(CSV_HEADER)}`,
  row: (r) =>
    csvLine([
      r.struct_num,
      r.line_name,
      r.line_num,
      r.latitude,
      r.longitude,
      riskOf(r).label,
      r.max_risk_level,
      r.issue_count,
      r.image_count,
      statusOf(r),
    ]),
  footer: () => '',
};

/** GeoJSON (RFC 7946): one Point feature per structure, [longitude, latitude]. */
const geojson: ExportWriter = {
  contentType: 'application/geo+json',
  extension: 'geojson',
  header: (name) => `{"type":"FeatureCollection","name":${JSON.stringify(name)},"features":[\n`,
  row: (r, first) =>
    `${first ? '' : ',\n'}${JSON.stringify({
      type: 'Feature',
      id: r.structure_id,
      geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
      properties: {
        structure_id: r.structure_id,
        structure: r.struct_num,
        line_name: r.line_name,
        line_number: r.line_num,
        risk: riskOf(r).key,
        risk_label: riskOf(r).label,
        risk_level: r.max_risk_level,
        risk_color: riskOf(r).color,
        issue_count: r.issue_count,
        image_count: r.image_count,
        review_status: statusOf(r),
      },
    })}`,
  footer: () => '\n]}\n',
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text for XML: markup characters escaped, and characters XML 1.0 cannot hold dropped. */
export const xmlText = (value: string): string =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** KML colours are aabbggrr. */
export const kmlColor = (hex: string): string => {
  const h = hex.replace('#', '');
  return `ff${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toLowerCase();
};

/** KML for Google Earth: a style per risk level (the app's colours), one placemark per structure. */
const kml: ExportWriter = {
  contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  extension: 'kml',
  header: (name) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n<name>${xmlText(name)}</name>\n${OVERVIEW_RISKS.map(
      (risk) =>
        `<Style id="risk-${risk.key}"><IconStyle><color>${kmlColor(risk.color)}</color><scale>1.1</scale>` +
        '<Icon><href>http://maps.google.com/mapfiles/kml/shapes/placemark_circle.png</href></Icon></IconStyle>' +
        `<LabelStyle><scale>0.8</scale></LabelStyle></Style>\n`,
    ).join('')}`,
  row: (r) => {
    const risk = riskOf(r);
    const data = [
      ['Line Name', r.line_name],
      ['Line Number', r.line_num ?? ''],
      ['Risk', risk.label],
      ['Issues', String(r.issue_count)],
      ['Images', String(r.image_count)],
      ['Status', statusOf(r)],
    ]
      .map(([k, v]) => `<Data name="${xmlText(k ?? '')}"><value>${xmlText(v ?? '')}</value></Data>`)
      .join('');
    return (
      `<Placemark><name>${xmlText(r.struct_num)}</name><styleUrl>#risk-${risk.key}</styleUrl>` +
      `<ExtendedData>${data}</ExtendedData>` +
      `<Point><coordinates>${r.longitude},${r.latitude},0</coordinates></Point></Placemark>\n`
    );
  },
  footer: () => '</Document>\n</kml>\n',
};

export const EXPORT_WRITERS: Record<ExportFormat, ExportWriter> = { csv, geojson, kml };
