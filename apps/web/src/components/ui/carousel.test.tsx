import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const slides = ['one', 'two', 'three'].map((name) => ({
  key: name,
  content: <a href={`/${name}`}>{name}</a>,
}));

/** The slide a reader sees: the one that is not hidden. */
function currentSlide() {
  const visible = screen.getAllByRole('group').filter((el) => !el.hasAttribute('inert'));
  expect(visible).toHaveLength(1);
  return visible[0]?.textContent;
}

const track = (container: HTMLElement) => container.querySelector<HTMLElement>('[aria-live]');

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('moves one slide every 2500 ms with a 1000 ms transition and loops forever', () => {
    const { container } = render(<Carousel slides={slides} label="Banners" />);
    expect(currentSlide()).toBe('one');
    expect(track(container)?.style.transition).toBe('transform 1000ms ease');

    advance(2499);
    expect(currentSlide()).toBe('one');
    advance(1);
    expect(currentSlide()).toBe('two');
    advance(2500);
    expect(currentSlide()).toBe('three');
    // Third -> the copy of the first slides in; after the transition it snaps to the real one.
    advance(2500);
    expect(track(container)?.style.transform).toBe('translateX(-300%)');
    advance(1000);
    expect(track(container)?.style.transform).toBe('translateX(0%)');
    expect(track(container)?.style.transition).toBe('none');
    expect(currentSlide()).toBe('one');
    // The rhythm is unchanged by the snap: the next slide comes 2500 ms after the last move.
    advance(1499);
    expect(currentSlide()).toBe('one');
    advance(1);
    expect(currentSlide()).toBe('two');
  });

  it('pauses while hovered and resumes with a full interval after the pointer leaves', () => {
    render(<Carousel slides={slides} label="Banners" />);
    const region = screen.getByRole('region', { name: 'Banners' });
    advance(2000);
    fireEvent.mouseEnter(region);
    advance(10_000);
    expect(currentSlide()).toBe('one');
    fireEvent.mouseLeave(region);
    advance(2499);
    expect(currentSlide()).toBe('one');
    advance(1);
    expect(currentSlide()).toBe('two');
  });

  it('pauses while something inside has keyboard focus', () => {
    render(<Carousel slides={slides} label="Banners" />);
    act(() => screen.getByRole('button', { name: 'Show slide 2 of 3' }).focus());
    advance(10_000);
    expect(currentSlide()).toBe('one');
    act(() => screen.getByRole('button', { name: 'Show slide 2 of 3' }).blur());
    advance(2500);
    expect(currentSlide()).toBe('two');
  });

  it('has labelled dot buttons that show a slide and mark the current one', () => {
    render(<Carousel slides={slides} label="Banners" />);
    const dots = screen.getAllByRole('button', { name: /^Show slide/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3' }));
    expect(currentSlide()).toBe('three');
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
    // Hidden slides are out of the tab order.
    expect(screen.getAllByText('one')[0]?.closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /previous|next/i })).toBeNull();
  });

  it('stops and restarts with the pause button', () => {
    render(<Carousel slides={slides} label="Banners" />);
    const toggle = screen.getByRole('button', { name: 'Pause slideshow' });
    fireEvent.click(toggle);
    fireEvent.blur(toggle);
    advance(10_000);
    expect(currentSlide()).toBe('one');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(2500);
    expect(currentSlide()).toBe('two');
  });

  it('neither plays nor animates when the reader prefers reduced motion', () => {
    mockReducedMotion(true);
    const { container } = render(<Carousel slides={slides} label="Banners" />);
    advance(10_000);
    expect(currentSlide()).toBe('one');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2 of 3' }));
    expect(currentSlide()).toBe('two');
    expect(track(container)?.style.transition).toBe('none');
  });

  it('settles on the current slide without animation 50 ms after the window stops resizing', () => {
    const { container } = render(<Carousel slides={slides} label="Banners" />);
    advance(2500);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    advance(49);
    expect(track(container)?.style.transition).toBe('transform 1000ms ease');
    advance(1);
    expect(track(container)?.style.transition).toBe('none');
    expect(currentSlide()).toBe('two');
  });
});
