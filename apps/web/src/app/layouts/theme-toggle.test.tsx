import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from './theme-toggle';

afterEach(() => {
  delete document.documentElement.dataset.theme;
  vi.unstubAllGlobals();
});

describe('ThemeToggle', () => {
  it('names each choice, and a click switches the page and remembers it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: /Color theme/ });
    // CSS shows the one matching html[data-theme]; all three are in the markup.
    expect(button).toHaveTextContent('Color theme: light');
    expect(button).toHaveTextContent('Color theme: dark');
    expect(button).toHaveTextContent('Color theme: system');

    await userEvent.click(button);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');

    await userEvent.click(button);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    await userEvent.click(button);
    await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-theme'));
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
