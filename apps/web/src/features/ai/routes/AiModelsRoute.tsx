import { AI_MODEL_STATE_COLORS, aiModelSlug, aiTrainingPercent, can } from '@linewalker/domain';
import { Badge, Button, Center, Loader, Progress, Table } from '@mantine/core';
import { IconBrain, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useAiModels } from '../api/aiModels.ts';

/** All Models (/ai, spec 3 §2 'AI models'): a row opens /ai/{class name in lower case, spaces → hyphens}. */
export function AiModelsRoute() {
  const session = useSession();
  const allowed = session.data ? can(session.data, 'ai.read') : false;
  const models = useAiModels(allowed);
  const navigate = useNavigate();
  if (session.data && !allowed) return <NoAccessPanel />;
  const mayCreate = session.data ? can(session.data, 'ai.manage') : false;
  return (
    <>
      <PageHeader
        title="All Models"
        actions={
          mayCreate && (
            <Button
              component={Link}
              to={paths.aiModel.getHref('model-details')}
              leftSection={<IconPlus size={16} />}
            >
              Create New Model
            </Button>
          )
        }
      />
      {models.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : models.isError ? (
        <QueryError error={models.error} onRetry={() => models.refetch()} />
      ) : models.data.length === 0 ? (
        <EmptyState icon={<IconBrain size={32} />} title="No models yet">
          Create a model to start uploading and marking up images.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="All Models">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Class Name</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Images Uploaded</Table.Th>
                <Table.Th ta="right">Ready for Training</Table.Th>
                <Table.Th ta="right">Contributors</Table.Th>
                <Table.Th>Progress</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {models.data.map((m) => (
                <Table.Tr
                  key={m.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.aiModel.getHref(aiModelSlug(m.model_class_name)))}
                >
                  <Table.Td>{m.model_class_name}</Table.Td>
                  <Table.Td>
                    <Badge color={AI_MODEL_STATE_COLORS[m.state]} variant="light">
                      {m.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{m.imgs_total.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{m.imgs_ready_for_training.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{m.users_contibuting}</Table.Td>
                  <Table.Td w={160}>
                    <Progress value={aiTrainingPercent(m.currentstep, m.totalstepcount)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
