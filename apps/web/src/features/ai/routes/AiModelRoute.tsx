import {
  AI_MIN_TRAINING_IMAGES,
  AI_RECOMMENDED_TRAINING_IMAGES,
  aiModelSlug,
  aiReadyForTraining,
  aiTrainingPercent,
  can,
  endpoints,
} from '@linewalker/domain';
import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { NotFoundPanel } from '../../../components/NotFoundPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { UploadLeaveWarning } from '../../../components/UploadLeaveWarning.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError, apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { useSession } from '../../../lib/session.ts';
import { createAiModel, updateAiModel, useAiModel, useAiModels } from '../api/aiModels.ts';
import { MarkupModal } from '../components/MarkupModal.tsx';
import { ModelMetrics } from '../components/ModelMetrics.tsx';
import { ModelSummaryForm } from '../components/ModelSummaryForm.tsx';
import { RunOnProjectCard } from '../components/RunOnProjectCard.tsx';
import { UploadImagesModal } from '../components/UploadImagesModal.tsx';

/** The new-model page's slug ('Create New Model' links to ./ai/model-details). */
const NEW_MODEL = 'model-details';

/** The model page (/ai/{model-name}, spec 3 §2, §4): found by matching its slug among the models. */
export function AiModelRoute() {
  const { modelName = '' } = useParams();
  const session = useSession();
  const allowed = session.data ? can(session.data, 'ai.read') : false;
  const mayManage = session.data ? can(session.data, 'ai.manage') : false;
  const models = useAiModels(allowed);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = modelName === NEW_MODEL;
  const found = models.data?.find((m) => aiModelSlug(m.model_class_name) === modelName.toLowerCase()) ?? null;
  const detail = useAiModel(found?.id ?? null);
  const model = detail.data ?? found;
  const [upload, setUpload] = useState(false);
  const [uploading, setUploading] = useState(false);
  const stopUpload = useRef<(() => void) | null>(null);
  const [markup, setMarkup] = useState<'markup' | 'review' | null>(null);

  if (session.data && !allowed) return <NoAccessPanel />;
  if (models.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (models.isError) return <QueryError error={models.error} onRetry={() => models.refetch()} />;
  if (!isNew && !found) return <NotFoundPanel />;

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.ai.all });
  const save = async (values: { className: string; description: string | null; holdback_pct: number }) => {
    if (model) {
      await updateAiModel(model.id, values);
      await refresh();
      navigate(paths.aiModel.getHref(aiModelSlug(values.className)), { replace: true });
    } else {
      await createAiModel(values);
      await refresh();
      navigate(paths.aiModel.getHref(aiModelSlug(values.className)));
    }
  };
  const launch = async () => {
    if (!model) return;
    try {
      await apiRequest(endpoints.aiTraining.startTraining, { params: { id: model.id } });
      await refresh();
    } catch (err) {
      notifications.show({
        color: 'red',
        message: err instanceof ApiRequestError ? err.message : 'Could not start',
      });
    }
  };

  const cancel = async () => {
    if (!model) return;
    try {
      await apiRequest(endpoints.aiTraining.cancelTraining, { params: { id: model.id } });
      await refresh();
    } catch (err) {
      notifications.show({
        color: 'red',
        message: err instanceof ApiRequestError ? err.message : 'Could not cancel',
      });
    }
  };
  const training = Boolean(model?.userinitatedstarttrainingdate);
  const ready = model ? aiReadyForTraining(model.imgs_ready_for_training) : false;
  const trainLabel = training
    ? 'Training in Progress'
    : ready
      ? 'Launch Training Now'
      : 'Training Not Available';
  const percent = model ? aiTrainingPercent(model.currentstep, model.totalstepcount) : 0;
  const mayMarkup = session.data ? can(session.data, 'ai.markup') : false;

  return (
    <>
      <PageHeader
        title={model?.model_class_name ?? 'Create New Model'}
        description={
          <Anchor component={Link} to={paths.ai.getHref()}>
            ← All Models
          </Anchor>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ModelSummaryForm key={model?.id ?? 'new'} model={model} mayEdit={mayManage} onSave={save} />
        <Stack>
          <Card withBorder>
            <Stack gap="xs">
              <Text>
                Images uploaded: <b data-testid="imgs-total">{model?.imgs_total ?? 0}</b>
              </Text>
              <Text>
                Images ready for training:{' '}
                <b data-testid="imgs-ready">{model?.imgs_ready_for_training ?? 0}</b>
              </Text>
              <Group>
                <Button disabled={!model || training || !mayMarkup} onClick={() => setMarkup('markup')}>
                  Markup Images
                </Button>
                <Button disabled={!model || training || !mayMarkup} onClick={() => setUpload(true)}>
                  Upload Images
                </Button>
                <Button
                  variant="default"
                  disabled={!model || model.imgs_ready_for_training === 0}
                  onClick={() => setMarkup('review')}
                >
                  Review Marked-up Images
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} fz="h4">
                Training
              </Title>
              <Progress value={percent} size="lg" aria-label="Training progress" />
              <Text size="sm" data-testid="training-percent">
                {percent}%
              </Text>
              <Group>
                <Button disabled={!model || training || !ready || !mayManage} onClick={launch}>
                  {trainLabel}
                </Button>
                {training && mayManage && (
                  <Button variant="default" color="red" onClick={cancel}>
                    Cancel Training
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
      {model?.latest_version && (
        <Stack mt="md">
          <ModelMetrics version={model.latest_version} />
          {mayManage && <RunOnProjectCard modelId={model.id} />}
        </Stack>
      )}
      <Text size="sm" c="dimmed" mt="md">
        A model is a specific item to recognise and needs a unique, descriptive name. The hold back percent is
        the share of marked-up images kept for validation (typically 10 or 15 percent). At least{' '}
        {AI_MIN_TRAINING_IMAGES} images are needed and{' '}
        {AI_RECOMMENDED_TRAINING_IMAGES.toLocaleString('en-US')} is a better target. Each image can be reused
        by other models but must be marked up separately.
      </Text>
      {model && (
        <>
          <UploadImagesModal
            modelId={model.id}
            opened={upload}
            onClose={() => setUpload(false)}
            onRunning={setUploading}
            stopRef={stopUpload}
            onUploaded={refresh}
          />
          <MarkupModal modelId={model.id} mode={markup} onClose={() => setMarkup(null)} />
        </>
      )}
      <UploadLeaveWarning active={uploading} onStop={() => stopUpload.current?.()} />
    </>
  );
}
