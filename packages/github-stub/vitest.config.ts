import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'github-stub', include: ['src/**/*.test.ts'] },
});
