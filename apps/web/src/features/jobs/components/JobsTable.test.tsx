import type { AdminJob } from '@linewalker/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { JobsTable } from './JobsTable.tsx';

const job = (overrides: Partial<AdminJob>): AdminJob => ({
  id: 1,
  name: 'mail.deliver',
  state: 'succeeded',
  progress: null,
  result: null,
  error: null,
  attempts: 1,
  maxAttempts: 8,
  createdAt: '2026-11-23T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  runAt: '2026-11-23T10:00:00.000Z',
  createdBy: null,
  createdByEmail: null,
  ...overrides,
});

const rowOf = (id: number) => screen.getByText(`#${id}`).closest('tr')!;

describe('JobsTable', () => {
  it('shows a progress bar for a running job, its error for a failed one, and Retry only on failed jobs', async () => {
    const onRetry = vi.fn();
    const failed = job({ id: 3, state: 'failed', attempts: 8, error: 'connect ECONNREFUSED' });
    const { user } = renderWithProviders(
      <JobsTable
        items={[
          job({
            id: 1,
            name: 'projects.import',
            state: 'running',
            progress: { done: 2500, total: 10000 },
            createdByEmail: 'pm@example.test',
          }),
          job({ id: 2, state: 'queued', attempts: 2, error: '451 try later' }),
          failed,
          job({ id: 4 }),
        ]}
        onRetry={onRetry}
        retrying={null}
      />,
    );

    const running = within(rowOf(1));
    expect(running.getByRole('progressbar', { name: 'Job 1 progress' })).toBeTruthy();
    expect(running.getByText('2,500 of 10,000 (25%)')).toBeTruthy();
    expect(running.getByText('pm@example.test')).toBeTruthy();

    expect(within(rowOf(2)).getByText(/next try/)).toBeTruthy();
    expect(within(rowOf(2)).getByText('451 try later')).toBeTruthy();
    expect(within(rowOf(4)).getByText('System')).toBeTruthy();

    expect(screen.getAllByRole('button', { name: /Retry job/ })).toHaveLength(1);
    expect(within(rowOf(3)).getByText('connect ECONNREFUSED')).toBeTruthy();
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Retry job 3' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });
});
