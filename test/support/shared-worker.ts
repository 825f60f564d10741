/**
 * A setup file of the projects whose files share a worker (vitest.config.ts): after each file, the
 * real timers and the real globals again, whatever the file left stubbed, so no file runs on the
 * previous one's fake clock or fetch.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
