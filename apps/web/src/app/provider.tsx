import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/queryClient.ts';
import { queryKeys } from '../lib/queryKeys.ts';
import { theme } from './theme.ts';

// A 401 from any call means the session is gone: forgetting it lets the login guard take the
// user to /login, keeping the current page as the return target.
const newQueryClient = () => createQueryClient((client) => client.setQueryData(queryKeys.session, null));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
