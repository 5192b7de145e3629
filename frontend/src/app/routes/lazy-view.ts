import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded view that can also be loaded ahead of its first render. */
export type LazyView<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Loads the view's code now. Once it is in, the view renders at once instead of suspending, so a
   * prerendered page hydrates in one pass (main.tsx, docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
   */
  preload: () => Promise<void>;
};

/**
 * A component loaded with its feature's code on first use (route-level code splitting,
 * docs/performance-web.md): the landing page and the app shell load only what they show.
 */
export const lazyView = <P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> => {
  let loaded: ComponentType<P> | undefined;
  const preload = async (): Promise<void> => {
    loaded ??= await load();
  };
  // Already loaded: a thenable that answers at once, which React.lazy takes without suspending.
  const view = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType<P> }>)
      : preload().then(() => ({ default: loaded! })),
  );
  return Object.assign(view, { preload });
};
