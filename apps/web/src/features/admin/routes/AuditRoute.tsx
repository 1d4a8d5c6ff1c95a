import { IconHistoryOff } from '@tabler/icons-react';
import { AdminLogPage } from '../../../components/LogPage/AdminLogPage.tsx';
import { useAudit } from '../api/getAudit.ts';
import { AuditTable } from '../components/AuditTable.tsx';

/** /admin/audit: who changed what and when, newest first (super admins only). */
export function AuditRoute() {
  return (
    <AdminLogPage
      title="Audit log"
      description="Logins, password changes and other changes to the data, newest first."
      useLog={useAudit}
      empty={{
        icon: <IconHistoryOff size={24} />,
        title: 'Nothing recorded yet',
        text: 'Changes appear here as soon as someone logs in or edits data.',
      }}
    >
      {(items) => <AuditTable items={items} />}
    </AdminLogPage>
  );
}
