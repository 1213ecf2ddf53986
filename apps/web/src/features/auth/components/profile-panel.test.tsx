import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n';
import { ProfilePanel } from './profile-panel';

afterEach(async () => {
  await activateLanguage('en');
});

function renderPanel() {
  return render(
    <MemoryRouter>
      <ProfilePanel id="profile-panel" userName="dana-kim" />
    </MemoryRouter>,
  );
}

describe('the profile panel', () => {
  it('offers the language switch to the keyboard, and switching shows the panel in Korean', async () => {
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Profile' });
    const languages = within(panel).getByRole('group', { name: 'Language' });
    const english = within(languages).getByRole('button', { name: 'English' });
    const korean = within(languages).getByRole('button', { name: '한국어' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(korean).toHaveAttribute('aria-pressed', 'false');

    await userEvent.tab(); // the name's link
    await userEvent.tab();
    expect(english).toHaveFocus();
    await userEvent.tab();
    expect(korean).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByRole('region', { name: '프로필' })).toBeInTheDocument());
    expect(korean).toHaveAttribute('aria-pressed', 'true');
    expect(korean).toHaveFocus();
    expect(within(panel).getByRole('group', { name: '언어' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko');
    expect(document.cookie).toContain('lang=ko');
  });
});
