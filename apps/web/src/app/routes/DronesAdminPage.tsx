import { DronesAdminRoute } from '../../features/drones/routes/DronesAdminRoute.tsx';
import { useProjects } from '../../features/projects/api/getProjects.ts';
import { useCustomerCompanies } from '../../features/users/api/getCompanies.ts';

/** The Drones admin page with the companies and projects a drone may belong to (features do not import each other). */
export function DronesAdminPage() {
  const customers = useCustomerCompanies();
  const projects = useProjects();
  return <DronesAdminRoute customers={customers.data ?? []} projects={projects.data ?? []} />;
}
