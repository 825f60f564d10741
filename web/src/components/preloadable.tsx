/**
 * A lazily loaded component that can be loaded ahead of its first render. Once loaded it renders
 * at once; React.lazy alone suspends on every first render (even when the chunk is in), shows its
 * fallback, and React then holds back the reveal of what replaces a fallback for up to 300 ms.
 */
import { lazy, useState, type ComponentType } from 'react';

export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later render tries again (and its error boundary reports it)
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded type would remount.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
