import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { i18n, params, useMessages } from '../../i18n';
import styles from './carousel.module.css';

const messages = i18n('carousel', {
  carousel: 'carousel',
  slide: 'slide',
  position: params('{index} of {total}'),
  play: 'Play slideshow',
  pause: 'Pause slideshow',
  show: params('Show slide {index} of {total}'),
});

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Time each slide stays before the next one slides in (ms). */
  interval?: number;
  /** Length of the slide transition (ms). */
  speed?: number;
  /** Window resizes are handled once they settle for this long (ms). */
  resizeDebounce?: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * An auto-playing, infinite carousel that shows one slide at a time with dots and no arrows
 * (spec §9). It pauses while hovered or focused and with its pause button; with
 * prefers-reduced-motion it neither plays by itself nor animates. Infinite looping slides onto
 * a copy of the first slide, then snaps back to the real one without animation.
 */
export function Carousel({
  slides,
  label,
  interval = 2500,
  speed = 1000,
  resizeDebounce = 50,
}: CarouselProps) {
  const t = useMessages(messages);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  // Bumped on every move: restarts the autoplay countdown.
  const [step, setStep] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    prefersReducedMotion,
    () => false,
  );
  const playing = count > 1 && !hovered && !focused && !stopped && !reducedMotion;

  const goTo = useCallback((next: number | ((current: number) => number)) => {
    setAnimate(true);
    setIndex(next);
    setStep((value) => value + 1);
  }, []);

  // Autoplay: one slide further every `interval`; `step` restarts the countdown after a move.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(
      // From the copy of the first slide (not yet snapped back), the next is the second.
      () => goTo((current) => (current >= count ? 1 : current + 1)),
      interval,
    );
    return () => window.clearTimeout(timer);
  }, [playing, step, interval, goTo, count]);

  // On the copy of the first slide: once the transition is over, jump to the real first one.
  useEffect(() => {
    if (index < count) return;
    const timer = window.setTimeout(
      () => {
        setAnimate(false);
        setIndex(0);
      },
      animate && !reducedMotion ? speed : 0,
    );
    return () => window.clearTimeout(timer);
  }, [index, count, speed, animate, reducedMotion]);

  // A resize settles the track on the current slide without animating.
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        setAnimate(false);
        setIndex((value) => value % count);
      }, resizeDebounce);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, [resizeDebounce, count]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const active = index % count;
  const track = [...slides, ...(count > 1 && slides[0] ? [slides[0]] : [])];

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t.carousel}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-playing={playing}
    >
      <div className={styles.viewport}>
        <div
          className={styles.track}
          style={{
            transform: `translateX(${-index * 100}%)`,
            transition: animate && !reducedMotion ? `transform ${speed}ms ease` : 'none',
          }}
          aria-live={playing ? 'off' : 'polite'}
        >
          {track.map((slide, position) => {
            const isCopy = position >= count;
            const current = position === index;
            return (
              <div
                key={isCopy ? `${slide.key}-copy` : slide.key}
                className={styles.slide}
                role={isCopy ? undefined : 'group'}
                aria-roledescription={isCopy ? undefined : t.slide}
                aria-label={isCopy ? undefined : t.position({ index: position + 1, total: count })}
                // inert: out of the tab order and the accessibility tree while off screen.
                inert={isCopy || !current}
                data-current={current}
              >
                {slide.content}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? t.play : t.pause}
          >
            {stopped ? (
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
              </svg>
            )}
          </button>
          <div className={styles.dots}>
            {slides.map((slide, position) => (
              <button
                key={slide.key}
                type="button"
                className={styles.dot}
                aria-label={t.show({ index: position + 1, total: count })}
                aria-current={position === active ? 'true' : undefined}
                onClick={() => goTo(position)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
