import type { OutboxMessage } from '@linewalker/domain';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminLogPage } from '../../../components/LogPage/AdminLogPage.tsx';
import { useOutbox } from '../api/getOutbox.ts';
import { OutboxMessageModal } from '../components/OutboxMessageModal.tsx';
import { OutboxTable } from '../components/OutboxTable.tsx';

/** /admin/outbox: every e-mail and SMS the app produced, newest first (super admins only). */
export function OutboxRoute() {
  const [opened, setOpened] = useState<OutboxMessage | null>(null);

  return (
    <>
      <AdminLogPage
        title="Outbox"
        description="E-mail and text messages sent by the app, newest first."
        useLog={useOutbox}
        empty={{
          icon: <IconMailOff size={24} />,
          title: 'No messages yet',
          text: 'Password reset links and other messages appear here as soon as the app sends them.',
        }}
      >
        {(items) => <OutboxTable items={items} onOpen={setOpened} />}
      </AdminLogPage>
      <OutboxMessageModal message={opened} onClose={() => setOpened(null)} />
    </>
  );
}
