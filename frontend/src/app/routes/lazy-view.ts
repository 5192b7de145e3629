import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component loaded with its feature's code on first use (route-level code splitting,
 * docs/performance-web.md): the landing page and the app shell load only what they show.
 */
export const lazyView = <P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
  lazy(async () => ({ default: await load() }));
