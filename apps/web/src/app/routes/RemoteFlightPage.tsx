import { RemoteFlightRoute } from '../../features/drones/routes/RemoteFlightRoute.tsx';
import { useProjects } from '../../features/projects/api/getProjects.ts';

/** The remote flight console with the projects its captures may go to (features do not import each other). */
export function RemoteFlightPage() {
  const projects = useProjects();
  return <RemoteFlightRoute projects={projects.data ?? []} />;
}
