import type { Customer } from '@linewalker/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type RecordedRequest, renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { CustomerModal } from './CustomerModal.tsx';

afterEach(() => vi.unstubAllGlobals());

const dialog = () => screen.getByRole('dialog');

/** The error line Mantine renders under a field, found through the field's aria-describedby. */
function errorOf(label: string): string | null {
  const input = within(dialog()).getByLabelText(label, { exact: false, selector: 'input' });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}

const existing: Customer = {
  id: 12,
  company_name: 'Cascade Valley Power',
  poc_first_name: 'Mia',
  poc_last_name: 'Chen',
  poc_email: 'mia@cascade.example',
  poc_phone: '555-201-3000',
  inspection_fields: ['Pole'],
  deleted_date: null,
  last_login: null,
};

/** A server: names containing 'Taken' are in use; saves answer `save`. */
function server(
  save: (r: RecordedRequest) => { status: number; body: unknown } = () => ({
    status: 200,
    body: { ok: true, success: true, id: 99 },
  }),
) {
  const api = fakeApi((request) => {
    if (request.url.includes('/nameInUse/')) return { status: 200, body: request.url.includes('Taken') };
    return save(request);
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const open = (props: Partial<Parameters<typeof CustomerModal>[0]> = {}) =>
  renderWithProviders(<CustomerModal customer={null} onClose={() => {}} {...props} />, {
    session: sessionFor('super_admin'),
  });

const saves = (api: { requests: RecordedRequest[] }) => api.requests.filter((r) => r.method !== 'GET');

describe('CustomerModal rules (spec 3 §5 Customer form)', { timeout: 60_000 }, () => {
  it("says 'Company name is required' and sends nothing", async () => {
    const api = server();
    const { user } = open();
    expect(within(dialog()).getByText('Add New Customer')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(errorOf('Company Name')).toBe('Company name is required');
    expect(saves(api)).toEqual([]);
  });

  it("says 'Minimum character is 2' and, past 50, 'Maximum character is 100.' (the spec's words)", async () => {
    const api = server();
    const { user } = open();
    const name = within(dialog()).getByLabelText('Company Name', { exact: false });
    await user.type(name, 'A');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(errorOf('Company Name')).toBe('Minimum character is 2');
    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(51));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(errorOf('Company Name')).toBe('Maximum character is 100.');
    expect(saves(api)).toEqual([]);
  });

  it("checks the name on the server after typing stops: 'This company name is already registered.'", async () => {
    const api = server();
    const { user } = open();
    await user.type(within(dialog()).getByLabelText('Company Name', { exact: false }), 'Taken Power');
    await waitFor(() => expect(errorOf('Company Name')).toBe('This company name is already registered.'), {
      timeout: 3000,
    });
    // One check for the whole name, not one per keystroke.
    const checks = api.requests.filter((r) => r.url.includes('/nameInUse/'));
    expect(checks.map((r) => decodeURIComponent(r.url))).toEqual(['/api/v1/customers/nameInUse/Taken Power']);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(saves(api)).toEqual([]);
  });

  it('a failed name check counts as taken', async () => {
    const api = fakeApi((r) =>
      r.url.includes('/nameInUse/') ? { status: 500, body: {} } : { status: 200, body: {} },
    );
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open();
    await user.type(within(dialog()).getByLabelText('Company Name', { exact: false }), 'Fresh Power');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Company Name')).toBe('This company name is already registered.'));
    expect(saves(api)).toEqual([]);
  });

  it('sends the spec payload: POC fields, status, chips ended by Enter or Tab', async () => {
    const api = server();
    const onClose = vi.fn();
    const { user } = open({ onClose });
    const d = within(dialog());
    await user.type(d.getByLabelText('Company Name', { exact: false }), '  Prairie Grid  ');
    await user.type(d.getByLabelText('POC First Name'), 'Ada');
    await user.type(d.getByLabelText('POC Last Name'), 'Lovelace');
    await user.type(d.getByLabelText('POC Email'), 'ada@prairie.test');
    await user.type(d.getByLabelText('POC Phone'), '555-123-4567');
    const chips = d.getByLabelText('Inspection Fields', { selector: 'input' });
    await user.type(chips, 'Pole{Enter}');
    await user.type(chips, 'Crossarm');
    await user.keyboard('{Tab}');
    await user.type(chips, 'pole{Enter}');
    await user.click(d.getByRole('radio', { name: 'Inactive' }));
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0]).toEqual({
      method: 'POST',
      url: '/api/v1/customers/',
      body: {
        company_name: 'Prairie Grid',
        poc_first_name: 'Ada',
        poc_last_name: 'Lovelace',
        poc_email: 'ada@prairie.test',
        poc_phone: '555-123-4567',
        status: 0,
        inspection_fields: ['Pole', 'Crossarm'],
        id: null,
        deleted_date: null,
        lead_id: null,
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits: fields start filled, an unchanged name is not checked, PUT carries the id', async () => {
    const api = server();
    const { user } = open({ customer: existing });
    const d = within(dialog());
    expect(d.getByText('Edit Customer')).toBeTruthy();
    expect((d.getByLabelText('Company Name', { exact: false }) as HTMLInputElement).value).toBe(
      'Cascade Valley Power',
    );
    expect((d.getByRole('radio', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(api.requests.some((r) => r.url.includes('/nameInUse/'))).toBe(false);
    expect(saves(api)[0]).toMatchObject({
      method: 'PUT',
      body: { id: 12, status: 1, inspection_fields: ['Pole'] },
    });
  });

  it("a lost race (409) marks the name; any other failure says 'An issue occured trying to save the customer'", async () => {
    let answer = {
      status: 409,
      body: { code: 'customer_name_taken', message: 'This company name is already registered.' },
    };
    const api = server(() => answer);
    const { user } = open();
    const d = within(dialog());
    await user.type(d.getByLabelText('Company Name', { exact: false }), 'Racing Power');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Company Name')).toBe('This company name is already registered.'));
    answer = { status: 500, body: { code: 'internal_error', message: 'boom' } };
    await user.type(d.getByLabelText('Company Name', { exact: false }), ' Two');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByRole('alert')).toHaveProperty(
      'textContent',
      'An issue occured trying to save the customer',
    );
    expect(saves(api)).toHaveLength(2);
  });

  it('prefilled from a lead, saving sends lead_id', async () => {
    const api = server();
    const { user } = open({
      prefill: { leadId: 5, values: { company_name: 'Lead Power', poc_email: 'l@lead.test' } },
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0]!.body).toMatchObject({
      company_name: 'Lead Power',
      poc_email: 'l@lead.test',
      lead_id: 5,
    });
  });

  it('read-only for project managers: fields disabled, no Save', () => {
    server();
    open({ customer: existing, readOnly: true });
    const d = within(dialog());
    expect((d.getByLabelText('Company Name', { exact: false }) as HTMLInputElement).disabled).toBe(true);
    expect(d.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
