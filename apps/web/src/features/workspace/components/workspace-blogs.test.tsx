import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceBlogs } from './workspace-blogs';

const renderWith = (response: Response) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(response)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WorkspaceBlogs />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('workspace', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the blogs the user runs, each linking to its page, and an add tile', async () => {
    renderWith(
      json([
        { blogId: 32, blogName: 'Frontend team', description: 'UI notes' },
        { blogId: 38, blogName: 'Backend team', description: 'API notes' },
      ]),
    );
    expect(
      await screen.findByRole('heading', { name: 'You are currently running these blogs.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Frontend team/ })).toHaveAttribute('href', '/blog/32');
    expect(screen.getByRole('link', { name: /Backend team.*API notes/ })).toHaveAttribute(
      'href',
      '/blog/38',
    );
    expect(screen.getByRole('link', { name: 'create a new tech blog' })).toHaveAttribute(
      'href',
      '/workspace/makeblog',
    );
  });

  it('invites a user without blogs to create one', async () => {
    renderWith(json([]));
    expect(
      await screen.findByText(
        'Add your project members and transform GitHub repository into tech blog',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a new tech blog' })).toHaveAttribute(
      'href',
      '/workspace/makeblog',
    );
    expect(screen.queryByText('You are currently running these blogs.')).toBeNull();
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    renderWith(json({ error: 'internal', message: 'Something went wrong' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Something went wrong');
  });
});
