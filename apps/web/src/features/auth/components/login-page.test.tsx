import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { LoginPage } from './login-page';

function renderLogin(url = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home</p> },
      { path: '/admin/users', element: <p>users page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter both email and password')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the redirect notice and clears the password after a failed login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { detail: 'Incorrect email or password' })),
    );
    renderLogin('/login?redirectUrl=%2Fadmin%2Fusers');
    expect(await screen.findByText("You'll be redirected after login")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect email or password. Please try again.')).toBeTruthy();
    expect(password.value).toBe('');
  });

  it('stores the token, fetches the user and follows redirectUrl', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/login')
          ? json(200, {
              access_token: 'tok',
              token_type: 'bearer',
              user: { id: '1', email: 'a@b.co', role: 'admin' },
            })
          : json(200, { id: '1', email: 'a@b.co', role: 'admin' }),
      ),
    );
    const router = renderLogin('/login?redirectUrl=%2Fadmin%2Fusers');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(window.localStorage.getItem('auth_token')).toBe('tok');
  });

  it('rejects a user without an id and clears the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/login')
          ? json(200, { access_token: 'tok', token_type: 'bearer', user: {} })
          : json(200, { email: 'a@b.co', role: 'admin' }),
      ),
    );
    renderLogin();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Authentication error: Invalid user data received')).toBeTruthy();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });
});
