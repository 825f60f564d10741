import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 5 s, not Testing Library's 1 s: a lazily loaded dialog's module
// takes over a second to load when both cores are busy (a passing test waits no longer for it).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  // The toasts' store outlives a file where files share their worker (vitest.config.ts): a toast left
  // on screen would be shown again by the next file's Toaster.
  toast.dismiss();
});
