import { can, type ProjectListItem, projectSlug } from '@linewalker/domain';
import { Button, Center, Loader, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useArchiveProject } from '../api/archiveProject.ts';
import { useProjects } from '../api/getProjects.ts';
import { ArchiveProjectModal } from '../components/ArchiveProjectModal.tsx';
import { ProjectDialog } from '../components/ProjectDialog.tsx';
import { ProjectFilterBar } from '../components/ProjectFilterBar.tsx';
import { ProjectListEmpty } from '../components/ProjectListEmpty.tsx';
import { ProjectRowMenu } from '../components/ProjectRowMenu.tsx';
import { ProjectStatTiles } from '../components/ProjectStatTiles.tsx';
import { ProjectTable } from '../components/ProjectTable.tsx';
import { useProjectListView } from '../components/useProjectListView.ts';

type Dialog = { mode: 'create' } | { mode: 'edit'; project: ProjectListItem } | null;

/** All Projects (/projects, spec 1 §2). */
export function ProjectsRoute() {
  const session = useSession();
  const projects = useProjects();
  const view = useProjectListView(projects.data);
  const navigate = useNavigate();
  const archive = useArchiveProject();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialog leaves the page when it closes, so focus goes back by hand to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = (next: NonNullable<Dialog>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  useEffect(() => {
    if (dialog !== null) return;
    opener.current?.focus();
    opener.current = null;
  }, [dialog]);
  const [toArchive, setToArchive] = useState<ProjectListItem | null>(null);
  const mayCreate = session.data ? can(session.data, 'project.create') : false;

  const unarchive = (project: ProjectListItem) =>
    archive.mutate(
      { id: project.id, archive: false },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', title: 'Project unarchived', message: project.project_name }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not unarchive the project',
            message: error.message,
          }),
      },
    );

  const confirmArchive = () => {
    if (!toArchive) return;
    archive.mutate(
      { id: toArchive.id, archive: true },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Project archived', message: toArchive.project_name });
          setToArchive(null);
        },
      },
    );
  };

  let content = (
    <Center py="xl">
      <Loader aria-label="Loading projects" />
    </Center>
  );
  if (projects.isError) content = <QueryError error={projects.error} onRetry={() => projects.refetch()} />;
  else if (projects.data) {
    content = (
      <>
        <ProjectStatTiles projects={projects.data} />
        <ProjectFilterBar
          filter={view.filter}
          onFilter={view.setFilter}
          search={view.search}
          onSearch={view.setSearch}
        />
        <Paper withBorder radius="md">
          {view.rows.length === 0 ? (
            <ProjectListEmpty filter={view.filter} search={view.search} canCreate={mayCreate} />
          ) : (
            <ProjectTable
              projects={view.rows}
              sort={view.sort}
              onSort={view.toggleSort}
              onOpen={(p) => navigate(paths.project.getHref(projectSlug(p.project_name)))}
              renderMenu={
                mayCreate
                  ? (p) => (
                      <ProjectRowMenu
                        projectName={p.project_name}
                        archivedView={view.filter === 'Archived'}
                        onEdit={() => openDialog({ mode: 'edit', project: p })}
                        onArchive={() => {
                          archive.reset();
                          setToArchive(p);
                        }}
                        onUnarchive={() => unarchive(p)}
                      />
                    )
                  : undefined
              }
            />
          )}
        </Paper>
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          {formatCount(view.rows.length)} of {formatCount(projects.data.length)} projects
        </Text>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="All Projects"
        actions={
          mayCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => openDialog({ mode: 'create' })}>
              Create New Project
            </Button>
          )
        }
      />
      {content}
      {dialog && (
        <ProjectDialog
          mode={dialog.mode}
          project={dialog.mode === 'edit' ? dialog.project : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      <ArchiveProjectModal
        projectName={toArchive?.project_name ?? null}
        onConfirm={confirmArchive}
        onCancel={() => setToArchive(null)}
        archiving={archive.isPending}
        error={toArchive && archive.isError ? archive.error.message : null}
      />
    </>
  );
}
