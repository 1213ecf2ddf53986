import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it.each([0, 1])('renders nothing when there are %i pages', (totalPages) => {
    const { container } = render(
      <Pagination page={1} totalPages={totalPages} onChange={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows prev, the current page number and next, and steps by one', async () => {
    const onChange = vi.fn();
    render(<Pagination page={2} totalPages={3} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByText('2', { exact: false }).closest('[aria-current="page"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('disables prev on the first page and next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={2} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination page={2} totalPages={2} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});

describe('Pagination with addresses', () => {
  it('makes Prev and Next links to their pages, and a click still steps through onChange', async () => {
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <Pagination
          page={2}
          totalPages={3}
          onChange={onChange}
          hrefFor={(page) => `/breakthrough?page=${page}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/breakthrough?page=1',
    );
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('href', '/breakthrough?page=3');
    await userEvent.click(next);
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('shows the edge step as text, not a link', () => {
    render(
      <MemoryRouter>
        <Pagination
          page={1}
          totalPages={2}
          onChange={() => undefined}
          hrefFor={(p) => `?page=${p}`}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByText(/^Previous/).closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
