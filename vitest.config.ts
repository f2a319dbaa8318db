import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite; each project picks its files and environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Files spend much of their time waiting (spawned servers, PostgreSQL, timers), so more
          // forks than the default (cores - 1, i.e. 1 on a 2-core machine) more than halve the run.
          // Vitest runs projects with different maxWorkers in separate groups: server goes after web.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file imported the whole server again in a fresh module graph: about 2.5 s of CPU per
          // file, 40% of the suite's time. A worker keeps its modules between files instead; every
          // file builds its own app, database and settings, and no server test mocks modules.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test/setup.ts'],
          // At least two forks: the default (cores - 1) is one on a 2-core machine, where two take 160 s
          // instead of 240.
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          // Several tests render the whole app and load lazy chunks: past 5 s on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
