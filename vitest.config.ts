import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { messagesWhileServing } from './scripts/lib/paraglide.ts';
import { parseEnv } from './src/config/env-schema.ts';

export default defineConfig({
  plugins: [messagesWhileServing(), react()],
  define: { __APP_CONFIG__: JSON.stringify(parseEnv({})) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          globals: true,
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
