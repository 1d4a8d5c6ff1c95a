import { can } from '@linewalker/domain';
import { Outlet } from 'react-router';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { useSession } from '../../../lib/session.ts';

/** The super-admin pages; the server refuses their calls to anyone else anyway. */
export function RequireSuperAdmin() {
  const { data: session } = useSession();
  if (!session || !can(session, 'admin.read')) return <NoAccessPanel />;
  return <Outlet />;
}
