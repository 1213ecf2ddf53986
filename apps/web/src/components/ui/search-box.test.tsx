import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

function setup() {
  const onSearch = vi.fn();
  render(<SearchBox label="Search breakthroughs" onSearch={onSearch} />);
  const input = screen.getByRole('searchbox', { name: 'Search breakthroughs' });
  return { onSearch, input };
}

describe('SearchBox', () => {
  it('searches on Enter with the trimmed text', async () => {
    const { onSearch, input } = setup();
    await userEvent.type(input, '  kafka {Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('kafka');
  });

  it('searches when the icon button is clicked', async () => {
    const { onSearch, input } = setup();
    await userEvent.type(input, 'react');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('react');
  });

  it('ignores the Enter that confirms an IME composition', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: '한글' } });
    fireEvent.compositionStart(input);
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    // Some browsers report the composing Enter only as keyCode 229.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.compositionEnd(input);
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('한글');
  });

  it('puts the initial value back when the reset key changes', () => {
    const onSearch = vi.fn();
    const { rerender } = render(
      <SearchBox label="Search" onSearch={onSearch} initialValue="abc" resetKey={1} />,
    );
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'zzz' } });
    rerender(<SearchBox label="Search" onSearch={onSearch} initialValue="" resetKey={2} />);
    expect(input).toHaveValue('');
  });
});
