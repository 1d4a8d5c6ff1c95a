import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { FlightPlanUpload } from './FlightPlanPanels.tsx';

const qgcPlan = JSON.stringify({
  fileType: 'Plan',
  version: 1,
  mission: {
    version: 2,
    plannedHomePosition: [38.8, -97.6, 380],
    items: [{ type: 'SimpleItem', command: 16, frame: 3, params: [0, 0, 0, null, 38.8, -97.59, 30] }],
  },
});

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('FlightPlanUpload', () => {
  it('refuses a .txt, and a .plan that is not a plan, without sending anything', async () => {
    const api = fakeApi(() => ({ status: 500, body: {} }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<FlightPlanUpload projectId={7} />, {
      session: sessionFor('inspector'),
    });
    expect(screen.getByRole('button', { name: 'Upload Flight Plan' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Box ID'), 'WB-0042');
    fireEvent.change(fileInput(), {
      target: { files: [new File([qgcPlan], 'notes.txt', { type: 'text/plain' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Only .plan/.json files are supported.');
    fireEvent.change(fileInput(), {
      target: { files: [new File(['{"hello": 1}'], 'fake.plan', { type: '' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Only .plan/.json files are supported.');
    expect(api.requests).toEqual([]);
  });

  it('sends a real plan through the token, the signed PUT and the report', async () => {
    const api = fakeApi((request) => {
      if (request.url.includes('uploadToken')) {
        return {
          status: 200,
          body: {
            signedTokenUrl: '/api/v1/files/put',
            imageUrl: 'flight-plans/7/a.plan',
            contentType: 'application/json',
          },
        };
      }
      if (request.method === 'PUT') return { status: 200, body: {} };
      return {
        status: 200,
        body: {
          flight_plan_id: 1,
          box_id: 'WB-0042',
          filename: 'route.plan',
          created_date: '2026-11-24T01:00:00.000Z',
          flight_started_date: null,
          format: 'qgc',
          waypoint_count: 2,
          uploaded_by_name: 'Hannah Cole',
        },
      };
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<FlightPlanUpload projectId={7} />, {
      session: sessionFor('inspector'),
    });
    await user.type(screen.getByLabelText('Box ID'), 'WB-0042');
    await user.upload(fileInput(), new File([qgcPlan], 'route.plan', { type: '' }));
    expect((await screen.findByRole('status')).textContent).toBe('route.plan uploaded for box WB-0042.');
    expect(api.requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'POST']);
    expect(api.requests[0]!.url).toContain('wibotic_box_id=WB-0042');
    expect(api.requests[0]!.url).toContain('extension=plan');
    expect(api.requests[2]!.body).toEqual({ url: 'flight-plans/7/a.plan', filename: 'route.plan' });
  });
});
