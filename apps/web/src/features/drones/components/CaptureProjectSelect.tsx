import { Select } from '@mantine/core';
import { memo } from 'react';

/** A project captured images may go to (the pilot may upload photos to it). */
export interface CaptureProject {
  id: number;
  project_name: string;
}

/** Which project's photos 'Tap Capture Image' adds to; they then appear on its Upload tab. */
export const CaptureProjectSelect = memo(function CaptureProjectSelect({
  projects,
  value,
  onChange,
}: {
  projects: CaptureProject[];
  value: number | null;
  onChange: (projectId: number | null) => void;
}) {
  return (
    <Select
      aria-label="Project for captured images"
      placeholder="Project for captured images"
      searchable
      nothingFoundMessage="No project matches"
      data={projects.map((p) => ({ value: String(p.id), label: p.project_name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      w={280}
    />
  );
});
