import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListCounts } from './list-counts';

describe('ListCounts', () => {
  it('shows the bare numbers and reads them out as words', () => {
    const { container } = render(<ListCounts likes={12} comments={1} />);
    expect(screen.getByText('12 likes')).toHaveClass('visually-hidden');
    expect(screen.getByText('1 comment')).toHaveClass('visually-hidden');
    // On screen: the numbers (the icons are the stylesheet's), hidden from screen readers.
    const shown = [...container.querySelectorAll('[aria-hidden="true"]')];
    expect(shown.map((node) => node.textContent)).toEqual(['12', '1']);
  });

  it('says "1 like" and "0 comments"', () => {
    render(<ListCounts likes={1} comments={0} />);
    expect(screen.getByText('1 like')).toBeInTheDocument();
    expect(screen.getByText('0 comments')).toBeInTheDocument();
  });
});
