import '@mantine/core/styles.css';
import '../src/app/global.css';
import { ProjectDetail } from '@linewalker/domain';
import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '../src/app/provider.tsx';
import InspectTab from '../src/features/inspections/components/InspectTab.tsx';
import { apiRequest } from '../src/lib/api.ts';

function Harness() {
  const id = Number(new URLSearchParams(location.search).get('project') ?? 2);
  const project = useQuery({ queryKey: ['p', id], queryFn: () => apiRequest(`/projects/${id}`, { schema: ProjectDetail }) });
  if (!project.data) return <div>loading project…</div>;
  return (
    <Container size="xl" py="md">
      <InspectTab project={project.data} />
    </Container>
  );
}
createRoot(document.getElementById('root')!).render(<AppProvider><Harness /></AppProvider>);
