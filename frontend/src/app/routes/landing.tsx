import { lazyView } from './lazy-view';

const LandingView = lazyView(() => import('../../features/marketing').then((module) => module.LandingView));

export const LandingPage = () => (
  <>
    <title>Upwatch — website uptime monitoring</title>
    <LandingView />
  </>
);
