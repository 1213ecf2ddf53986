import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authStatusQuery } from '../../lib/auth';
import { LOGIN_REQUIRED_ALERT, SiteHeader } from './site-header';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader(path: string, loggedIn: boolean) {
  const client = new QueryClient();
  client.setQueryData(
    authStatusQuery.queryKey,
    loggedIn
      ? { loggedIn: true, message: 'ok', userId: 1, userName: 'dana-kim' }
      : { loggedIn: false, message: 'Access token is missing' },
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SiteHeader />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('top navigation bar', () => {
  it('shows only the logo and Login on the start page', () => {
    renderHeader('/', false);
    expect(screen.getByRole('link', { name: 'Repolog start page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('highlights the item whose path prefixes the current path', () => {
    renderHeader('/breakthrough/12/edit', false);
    expect(screen.getByRole('link', { name: 'Breakthrough' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Workspace' })).not.toHaveAttribute('aria-current');
  });

  it('alerts a visitor who clicks Workspace and sends them to /login', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderHeader('/home', false);
    await userEvent.click(screen.getByRole('link', { name: 'Workspace' }));
    expect(alert).toHaveBeenCalledWith(LOGIN_REQUIRED_ALERT);
    expect(LOGIN_REQUIRED_ALERT).toBe(
      'Login is required to access this service!\nPlease log in to continue.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    alert.mockRestore();
  });

  it('lets a signed-in user go to Workspace without an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderHeader('/home', true);
    await userEvent.click(screen.getByRole('link', { name: 'Workspace' }));
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/workspace');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    alert.mockRestore();
  });
});
