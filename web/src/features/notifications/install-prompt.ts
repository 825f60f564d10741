/**
 * 'Install app': Chromium-based browsers fire `beforeinstallprompt` once, early, when the site is
 * installable. It is caught here from the first script (main.tsx imports this module), kept until
 * the button uses it, and dropped once the app is installed. Safari and Firefox never fire it.
 */
import { useSyncExternalStore } from 'react';

/** The event as Chromium defines it (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away: the page offers the button instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app now, and the call that asks it to. */
export function useInstallPrompt(): { available: boolean; install: () => Promise<void> } {
  const available = useSyncExternalStore(
    subscribe,
    () => deferred !== undefined,
    () => false,
  );
  const install = async () => {
    const event = deferred;
    if (!event) return;
    // An event can prompt once: whatever the answer, it is spent.
    deferred = undefined;
    changed();
    await event.prompt();
    await event.userChoice;
  };
  return { available, install };
}
