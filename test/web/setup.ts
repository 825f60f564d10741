import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  // The toasts' store outlives a file where files share their worker (vitest.config.ts): a toast left
  // on screen would be shown again by the next file's Toaster.
  toast.dismiss();
});
