import { lazyView } from './lazy-view';
import type { PageMeta } from './page-meta';

/** The landing page's content, loaded with the marketing feature. */
export const LandingView = lazyView(() => import('../../features/marketing').then((module) => module.LandingView));

/** The landing page's head (its route row is marked `prerendered(...)` in app/router.tsx). */
export const LANDING_META: PageMeta = {
  title: 'Upwatch — website uptime monitoring',
  description: 'Upwatch checks your websites around the clock and tells you when they go down.',
};

export const LandingPage = () => (
  <>
    <title>{LANDING_META.title}</title>
    <LandingView />
  </>
);
