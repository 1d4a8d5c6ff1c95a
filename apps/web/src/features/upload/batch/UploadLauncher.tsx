import type { ProjectDetail } from '@linewalker/domain';
import { Button, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UploadLeaveWarning } from '../../../components/UploadLeaveWarning.tsx';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';
import { BatchUploadPanel } from './BatchUploadPanel.tsx';
import { uploadControllerFor, useUploadState } from './controllers.ts';
import { type StoredFile, unfinishedFiles } from './persistence.ts';
import { ResumeNotice } from './ResumeNotice.tsx';
import { UploadDialog, type UploadRequest } from './UploadDialog.tsx';
import { ExistingListFailedDialog, FailedUploadsDialog } from './UploadDialogs.tsx';
import type { UploadController } from './uploadController.ts';

/** The unfinished files of this project's last upload, read from the browser's store. */
function useUnfinished(projectId: number, controller: UploadController, version: number) {
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [loadedFor, setLoadedFor] = useState(-1);
  if (loadedFor !== version) setLoadedFor(version);
  useEffect(() => {
    const persistence = controller.persistence;
    if (!persistence || loadedFor < 0) return;
    let live = true;
    persistence
      .load(projectId)
      .then((batch) => live && setFiles(unfinishedFiles(batch)))
      .catch(() => live && setFiles([]));
    return () => {
      live = false;
    };
  }, [projectId, controller, loadedFor]);
  return files;
}

/**
 * The Upload area's 'Upload Images' button with everything an upload needs: the dialog, the Batch
 * Upload panel, the failure and 'Error 1001' dialogs, the leave warning and the notice of an
 * unfinished upload from before a reload. `controller` is for tests; the page uses one per project.
 */
export function UploadLauncher({
  project,
  controller: given,
}: {
  project: ProjectDetail;
  controller?: UploadController;
}) {
  const controller = useMemo(() => given ?? uploadControllerFor(project.id), [given, project.id]);
  const state = useUploadState(controller);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [forgetVersion, setForgetVersion] = useState(0);
  const unfinished = useUnfinished(project.id, controller, state.finishedRuns + forgetVersion);
  // Only a batch from before this page was loaded is worth a notice; this page's own is in the panel.
  const resumable = state.batchId === 0 ? unfinished : [];

  const runs = useRef(state.finishedRuns);
  useEffect(() => {
    if (state.finishedRuns === runs.current) return;
    runs.current = state.finishedRuns;
    void invalidate(queryClient, staleAfter.imagesUploaded(project.id));
  }, [state.finishedRuns, queryClient, project.id]);

  const start = useCallback(
    (request: UploadRequest) => {
      setOpened(false);
      void controller.start(request.files, {
        projectId: project.id,
        structureId: request.structureId,
        stepClip: request.stepClip,
      });
    },
    [controller, project.id],
  );

  const forget = useCallback(() => {
    const persistence = controller.persistence;
    void persistence?.clear(project.id).finally(() => setForgetVersion((v) => v + 1));
  }, [controller, project.id]);

  const notice = resumable.length > 0 ? <ResumeNotice files={resumable} onForget={forget} /> : undefined;

  return (
    <>
      <Stack gap="xs" align="flex-start">
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => setOpened(true)}
          disabled={state.running}
        >
          Upload Images
        </Button>
        {notice && !opened && (
          <ResumeNotice files={resumable} onResume={() => setOpened(true)} onForget={forget} />
        )}
      </Stack>
      <UploadDialog
        project={project}
        opened={opened}
        onClose={() => setOpened(false)}
        onStart={start}
        notice={notice}
      />
      <BatchUploadPanel state={state} onStop={controller.stop} />
      <FailedUploadsDialog
        count={state.failedPrompt}
        onRetry={() => void controller.retryFailed()}
        onIgnore={() => controller.dismissFailed()}
      />
      <ExistingListFailedDialog opened={state.cancelled} onClose={() => controller.dismissCancelled()} />
      <UploadLeaveWarning active={state.running} onStop={controller.stop} />
    </>
  );
}
