import type { Page } from '@playwright/test';

/**
 * Resolves once the page has painted a frame after everything it was sent so far and run the
 * tasks that frame queued: what it did in answer to the last input (a route change, a request,
 * an alert) has happened by then. Lets a journey assert that something did NOT happen without
 * waiting a guessed time.
 */
export function afterNextFrame(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }),
  );
}
