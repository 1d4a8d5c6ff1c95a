import { findProjectBySlug } from '@linewalker/domain';
import { Button, Center, Loader } from '@mantine/core';
import { IconFolderQuestion } from '@tabler/icons-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useProject } from '../api/getProject.ts';
import { useProjects } from '../api/getProjects.ts';
import { ProjectHeader } from '../components/ProjectHeader.tsx';
import { ProjectImporting } from '../components/ProjectImporting.tsx';
import { ProjectSubNav } from '../components/ProjectSubNav.tsx';
import { ProjectSubpageContent, type ProjectTabs } from '../components/ProjectSubpageContent.tsx';
import { resolveSubpage } from '../components/projectSubpage.ts';
import { SubpageUnavailable } from '../components/SubpageUnavailable.tsx';

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading project" />
  </Center>
);

function ProjectNotFound({ slug }: { slug: string }) {
  return (
    <MessagePanel
      title="Project not found"
      color="gray"
      icon={<IconFolderQuestion size={28} />}
      actions={
        <Button component={Link} to={paths.projects.getHref()}>
          Back to All Projects
        </Button>
      }
    >
      No project you can see is named “{slug.replace(/-/g, ' ')}”. It may have been renamed, or the link may
      be mistyped.
    </MessagePanel>
  );
}

/**
 * /projects/{slug}/{subpage?} (spec 1 §2 'Project page frame'): the project is found by name in the
 * project list (dashes read as spaces, any case), then loaded by id. `tabs` are the sub-pages other
 * features provide (composed in the app layer).
 */
export function ProjectRoute({ tabs }: { tabs: ProjectTabs }) {
  const { projectSlug = '', subpage: requested } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const projects = useProjects();
  const match = projects.data ? findProjectBySlug(projects.data, projectSlug) : undefined;
  const project = useProject(match?.id);

  if (requested === 'all') return <Navigate to={paths.projects.getHref()} replace />;
  if (projects.isError) return <QueryError error={projects.error} onRetry={() => projects.refetch()} />;
  if (projects.isPending) return loading;
  if (!match) return <ProjectNotFound slug={projectSlug} />;
  if (project.isError) return <QueryError error={project.error} onRetry={() => project.refetch()} />;
  if (!project.data) return loading;

  const roleName = session.data?.roleName;
  const choice = resolveSubpage(requested, search, roleName);
  return (
    <>
      <PageHeader
        title={project.data.project_name}
        description={
          project.data.open_bid
            ? `${project.data.company_name} · Bid: the customer sees this project once the bid is marked won`
            : project.data.company_name
        }
      />
      {project.data.importing ? (
        <ProjectImporting project={project.data} />
      ) : (
        <>
          <ProjectSubNav
            slug={projectSlug}
            subpage={choice.kind === 'show' ? choice.subpage : null}
            roleName={roleName}
          />
          <ProjectHeader projectId={project.data.id} />
          {choice.kind === 'show' ? (
            <ProjectSubpageContent subpage={choice.subpage} project={project.data} tabs={tabs} />
          ) : (
            <SubpageUnavailable choice={choice} slug={projectSlug} />
          )}
        </>
      )}
    </>
  );
}
