import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/queryClient.ts';
import { queryKeys } from '../lib/queryKeys.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

// A 401 from any call means the session is gone: forgetting it lets the login guard take the
// user to /login, keeping the current page as the return target.
const newQueryClient = () => createQueryClient((client) => client.setQueryData(queryKeys.session, null));

export function App() {
  const [queryClient] = useState(newQueryClient);
  // Made once, with the page's query client: its loaders prefetch into it.
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
