import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { island } from './island';

function Count({ count }: { count: number }) {
  return <p>count {count}</p>;
}

describe('island', () => {
  it('loads its code once and shows the latest props once it is here', async () => {
    let arrive!: (component: typeof Count) => void;
    let loads = 0;
    const Island = island(
      () => {
        loads += 1;
        return new Promise<typeof Count>((resolve) => (arrive = resolve));
      },
      <p>waiting</p>,
    );
    const { rerender } = render(<Island count={1} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender(<Island count={2} />);
    await act(async () => arrive(Count));
    expect(await screen.findByText('count 2')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
