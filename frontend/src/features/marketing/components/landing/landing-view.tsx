import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CallToAction } from '../call-to-action';
import { Features } from './features';
import { Hero } from './hero';
import { PricingSummary } from './pricing-summary';

/** The landing page (docs/product-rules.md "Public pages and policies"): hero, statistics, features, pricing summary, call to action. */
export function LandingView() {
  const { hash } = useLocation();
  // The Features link is an in-page anchor (/#features), also when followed from another page.
  useEffect(() => {
    if (!hash) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [hash]);

  return (
    <>
      <Hero />
      <Features />
      <PricingSummary />
      <CallToAction />
    </>
  );
}
