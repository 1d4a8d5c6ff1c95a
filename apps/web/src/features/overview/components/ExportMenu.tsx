import type { ExportFormat, OverviewRiskKey } from '@linewalker/domain';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconMap, IconWorld } from '@tabler/icons-react';
import { API_BASE } from '../../../lib/api.ts';
import type { ProjectFilters } from '../../../lib/projectFilters.ts';
import { filterParams } from '../api/getOverviewMap.ts';

const FORMATS: Array<{ format: ExportFormat; label: string; icon: typeof IconMap }> = [
  { format: 'kml', label: 'KML (Google Earth)', icon: IconWorld },
  { format: 'geojson', label: 'GeoJSON (GIS)', icon: IconMap },
  { format: 'csv', label: 'CSV (spreadsheet)', icon: IconFileSpreadsheet },
];

/** The export link of a format for the shown structures (the header's filters and the risk button). */
export function exportHref(
  projectId: number,
  filters: ProjectFilters,
  risk: OverviewRiskKey | null,
  format: ExportFormat,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterParams(projectId, filters))) params.set(key, String(value));
  if (risk) params.set('risk', risk);
  params.set('format', format);
  return `${API_BASE}/structures/export?${params}`;
}

/**
 * Exports of the structures shown, with their risk, issues and status: plain links, so the browser downloads
 * the server's streamed file itself (the session cookie goes along).
 */
export function ExportMenu(props: {
  projectId: number;
  filters: ProjectFilters;
  risk: OverviewRiskKey | null;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, label, icon: Icon }) => (
          <Menu.Item
            key={format}
            component="a"
            href={exportHref(props.projectId, props.filters, props.risk, format)}
            download
            leftSection={<Icon size={14} />}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
