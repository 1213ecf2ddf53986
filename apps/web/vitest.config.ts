import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A page's first render in jsdom loads its lazy parts; on a busy 2-core machine that alone
    // can take longer than vitest's 5 s default. The assertions still wait on what is shown.
    testTimeout: 20_000,
    // global.css is read as text by the theme colors' test (styles/theme-colors.test.ts).
    css: { include: [/styles\/global\.css/], modules: { classNameStrategy: 'non-scoped' } },
  },
});
