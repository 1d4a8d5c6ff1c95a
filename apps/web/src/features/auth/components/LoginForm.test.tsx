import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { eventually } from '../../../testing/eventually.ts';
import { fakeApi, renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { LoginForm } from './LoginForm.tsx';

const userName = () => screen.getByLabelText('User Name');
const password = () => screen.getByLabelText('Password');
const login = () => screen.getByRole('button', { name: 'Login' });
const invalid = (input: HTMLElement) => input.getAttribute('aria-invalid') === 'true';

describe('LoginForm (spec 1 §5 Login, §8)', () => {
  it('flags a too-short user name (< 2) and password (< 4) without a message, and makes no call', async () => {
    const api = fakeApi(() => ({ status: 500, body: {} }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<LoginForm onForgotPassword={() => {}} />, { session: null });

    await user.click(login());
    expect(invalid(userName())).toBe(true);
    expect(invalid(password())).toBe(true);

    await user.type(userName(), 'a');
    await user.type(password(), '123');
    await user.click(login());
    expect(invalid(userName())).toBe(true);
    expect(invalid(password())).toBe(true);
    // An error state, no message.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('sends the trimmed user name and the password once both are long enough', async () => {
    const api = fakeApi(() => ({ status: 200, body: { token: 't', session: sessionFor('inspector') } }));
    vi.stubGlobal('fetch', api.fetch);
    const { user, client } = renderWithProviders(<LoginForm onForgotPassword={() => {}} />, {
      session: null,
    });

    await user.type(userName(), '  ab ');
    await user.type(password(), '1234');
    await user.click(login());

    await eventually(() =>
      expect(client.getQueryData(queryKeys.session)).toMatchObject({ roleName: 'inspector' }),
    );
    expect(api.requests).toEqual([
      { method: 'POST', url: '/api/v1/users/login', body: { email: 'ab', password: '1234' } },
    ]);
    expect(invalid(userName())).toBe(false);
    expect(invalid(password())).toBe(false);
  });

  it("shows 'User Name or Password is incorrect' when the server answers 403", async () => {
    const api = fakeApi(() => ({ status: 403, body: { code: 'invalid_credentials', message: 'No' } }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<LoginForm onForgotPassword={() => {}} />, { session: null });

    await user.type(userName(), 'someone@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(login());

    expect((await screen.findByRole('alert')).textContent).toBe('User Name or Password is incorrect');
  });

  it("opens 'Forgot Password' through its link", async () => {
    const onForgot = vi.fn();
    const { user } = renderWithProviders(<LoginForm onForgotPassword={onForgot} />, { session: null });
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(onForgot).toHaveBeenCalledOnce();
  });

  it('clears a failed login message when the user turns to Forgot Password', async () => {
    const api = fakeApi(() => ({ status: 403, body: { code: 'invalid_credentials', message: 'No' } }));
    vi.stubGlobal('fetch', api.fetch);
    const onForgotPassword = vi.fn();
    const { user } = renderWithProviders(<LoginForm onForgotPassword={onForgotPassword} />, {
      session: null,
    });

    await user.type(userName(), 'someone@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(login());
    expect(await screen.findByRole('alert')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(onForgotPassword).toHaveBeenCalledOnce();
    await eventually(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
