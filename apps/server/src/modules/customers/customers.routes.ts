import { CustomerList } from '@linewalker/domain';
import type { App } from '../../app.ts';
import { listActiveCustomers } from './customers.repository.ts';

const tags = ['Customers'];

export async function customersRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/customers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Active customer companies, by name',
        description:
          'Every company except the operating company (id 1) whose deleted_date is null, sorted by company_name ' +
          '(case-insensitive). Feeds the Customer picker of the project dialog.',
        response: { 200: CustomerList },
      },
    },
    async () => {
      const rows = await listActiveCustomers(db);
      return rows.map((r) => ({ ...r, deleted_date: null }));
    },
  );
}
