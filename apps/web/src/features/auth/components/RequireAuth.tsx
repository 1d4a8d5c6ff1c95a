import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { paths } from '../../../config/paths.ts';
import { currentTarget } from '../../../lib/returnTo.ts';
import { useSession } from '../../../lib/session.ts';
import { isLoggingOut } from '../logoutIntent.ts';

/** Guards every non-public route: a logged-out visitor goes to login, keeping where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (!session.data) {
    const returnTo = isLoggingOut() ? null : currentTarget(location);
    return <Navigate to={paths.login.getHref(returnTo)} replace />;
  }
  return <Outlet />;
}
