// The marketing feature's public surface, for src/app to compose.
export { AboutView } from './components/about-view';
export { LandingView } from './components/landing/landing-view';
export { PricingView } from './components/pricing/pricing-view';
