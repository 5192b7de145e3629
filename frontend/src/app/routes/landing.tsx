import { LandingView } from '../../features/marketing';

export const LandingPage = () => (
  <>
    <title>Upwatch — website uptime monitoring</title>
    <LandingView />
  </>
);
