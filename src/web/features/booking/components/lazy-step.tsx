/**
 * A booking step in its own chunk (issue #16: the booking page's first load carries only the
 * first step). `lazyStep(load)` returns a component that renders the step once its chunk is in
 * (suspending to the nearest <Suspense> until then) and a `preload()` that fetches the chunk
 * ahead of need. A step whose chunk is already in renders at once, without a fallback frame.
 */
import { lazy, useState, type ComponentType } from 'react';

export type LazyStep<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

export function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>): LazyStep<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a later render may try again
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Step(props: P) {
    // Pinned per mount: switching from the lazy wrapper to the loaded component would remount the step.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Step, { preload });
}
