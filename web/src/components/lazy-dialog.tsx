/**
 * A dialog whose code is a lazy chunk of its own: a page that opens it shows without that code (its
 * forms, their schemas, zod), which loads when the browser is idle after the page's first paint, or
 * when the dialog is first opened, whichever comes first. Once opened it stays mounted, closed as the
 * dialog itself would be, so its close animation and state behave as if it had been there all along.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { preloadable } from './preloadable.tsx';

/** Runs `task` when the browser is next idle (Safari has no requestIdleCallback: a timeout there). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const { Component, preload } = preloadable(load);
  const prefetch = () => void preload().catch(() => undefined); // opening it tries again, and reports
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    useEffect(() => whenIdle(prefetch), []);
    const open = isOpen(props);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
