import { Badge, Progress, Stack } from '@mantine/core';
import { useImportJob } from '../api/getImportJob.ts';

/** 'Importing… N%' while a bid's structures are written (whole percent, never 100 early), as the CSV import. */
export function importPercent(progress: { done: number; total: number } | null | undefined): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(99, Math.floor((progress.done / progress.total) * 100));
}

/** A bid's import job while it runs: its progress, asked again every 2 s. */
export function BidImportProgress({ jobId, projectName }: { jobId: number; projectName: string | null }) {
  const job = useImportJob(jobId);
  const pct = importPercent(job.data?.progress);
  if (job.isError) return <Badge variant="light">Importing…</Badge>;
  return (
    <Stack gap={2} miw={120}>
      <Badge variant="light">Importing… {pct}%</Badge>
      <Progress value={pct} size="xs" animated aria-label={`Import of ${projectName ?? 'the project'}`} />
    </Stack>
  );
}
