import { endpoints, isoDateOf, ProjectListItem } from '@linewalker/domain';
import { Button, Card, Checkbox, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError, apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const _ProjectList = ProjectListItem.array();

/**
 * 'Run on project': the newest version over a project's photos (optionally only the unreviewed ones); the
 * job's progress is shown until it is done. Reviewers then accept or dismiss the markups in the viewer.
 */
export function RunOnProjectCard({ modelId }: { modelId: number }) {
  const today = isoDateOf(new Date());
  const projects = useQuery({
    queryKey: queryKeys.projects.list(today),
    queryFn: ({ signal }) => apiRequest(endpoints.projects.list, { query: { today }, signal }),
  });
  const [projectId, setProjectId] = useState<string | null>(null);
  const [onlyUnreviewed, setOnlyUnreviewed] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useQuery({
    queryKey: queryKeys.ai.run(jobId ?? 0),
    queryFn: ({ signal }) => apiRequest(endpoints.jobs.status, { params: { id: jobId ?? 0 }, signal }),
    enabled: jobId !== null,
    refetchInterval: (q) =>
      q.state.data && ['succeeded', 'failed'].includes(q.state.data.state) ? false : 2_000,
  });
  const run = async () => {
    if (!projectId) return;
    setError(null);
    try {
      const res = await apiRequest(endpoints.aiMarkups.postRunOnProject, {
        params: { id: modelId },
        body: { projectId: Number(projectId), onlyUnreviewed },
      });
      setJobId(res.job_id);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Could not start the run');
    }
  };
  const progress = job.data?.progress;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  const result =
    job.data?.state === 'succeeded' ? (job.data.result as { photos?: number; markups?: number }) : null;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Run on Project
        </Title>
        <Group align="flex-end">
          <Select
            label="Project"
            searchable
            data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.project_name }))}
            value={projectId}
            onChange={setProjectId}
            w={320}
          />
          <Checkbox
            label="Only unreviewed photos"
            checked={onlyUnreviewed}
            onChange={(e) => setOnlyUnreviewed(e.currentTarget.checked)}
          />
          <Button disabled={!projectId} onClick={run}>
            Run on Project
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {jobId !== null && job.data && (
          <>
            <Progress value={job.data.state === 'succeeded' ? 100 : percent} aria-label="Run progress" />
            <Text size="sm" data-testid="run-state">
              {result
                ? `Done: ${result.photos ?? 0} photos, ${result.markups ?? 0} markups`
                : job.data.state === 'failed'
                  ? `Failed: ${job.data.error ?? ''}`
                  : `Running: ${percent}%`}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
