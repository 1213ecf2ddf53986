import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContributorsField } from './contributors-field';

function Harness({ verify, initial = [] }: { verify: boolean; initial?: string[] }) {
  const [contributors, setContributors] = useState(initial);
  return (
    <ContributorsField
      owner="dana-kim"
      contributors={contributors}
      onChange={setContributors}
      verify={verify}
    />
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const members = () =>
  Array.from(
    screen.getByRole('list', { name: 'Project members' }).querySelectorAll('li'),
    (li) => li.textContent,
  );

describe('adding contributors', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('checks the trimmed id with the server and adds it when the user exists', async () => {
    fetchMock.mockResolvedValue(json({ isexists: true }));
    render(<Harness verify />);
    await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), '  sora-lee  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Remove sora-lee' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/check-user?username=sora-lee');
    expect(members()).toEqual(['dana-kimOwner', 'sora-lee']);
    expect(screen.getByLabelText('Contributor GitHub ID')).toHaveValue('');
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts 'No GitHub user found with this ID.' and adds nobody when the id does not exist", async () => {
    fetchMock.mockResolvedValue(json({ isexists: false }));
    render(<Harness verify />);
    await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), 'no-such-person{Enter}');
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith('No GitHub user found with this ID.'),
    );
    expect(members()).toEqual(['dana-kimOwner']);
  });

  it("alerts 'There was an error checking the GitHub user.' when the check fails", async () => {
    fetchMock.mockResolvedValue(
      json({ error: 'github_unavailable', message: 'GitHub is down' }, 502),
    );
    render(<Harness verify />);
    await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), 'sora-lee');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith('There was an error checking the GitHub user.'),
    );
    expect(members()).toEqual(['dana-kimOwner']);
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('ignores a blank id and duplicates (the owner included) without asking the server', async () => {
    render(<Harness verify initial={['sora-lee']} />);
    const input = screen.getByLabelText('Contributor GitHub ID');
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.clear(input);
    await userEvent.type(input, 'SORA-LEE{Enter}');
    await userEvent.type(input, 'dana-kim{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(members()).toEqual(['dana-kimOwner', 'sora-lee']);
  });

  it('adds without the existence check on the edit form, and removes members but never the owner', async () => {
    render(<Harness verify={false} initial={['sora-lee']} />);
    await userEvent.type(screen.getByLabelText('Contributor GitHub ID'), 'made-up-id{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(members()).toEqual(['dana-kimOwner', 'sora-lee', 'made-up-id']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove sora-lee' }));
    expect(members()).toEqual(['dana-kimOwner', 'made-up-id']);
    expect(screen.queryByRole('button', { name: 'Remove dana-kim' })).not.toBeInTheDocument();
  });
});
