import { PageShell } from '../../components/page-shell';
import { ContactView } from '../../features/contact';
import { PrivacyPolicy, RefundPolicy, TermsOfService } from '../../features/legal';
import { AboutView, PricingView } from '../../features/marketing';

// The public pages of spec §2; each feature brings its own content, the route adds the tab title.

export const PricingPage = () => (
  <>
    <title>Pricing · Upwatch</title>
    <PricingView />
  </>
);

export const AboutPage = () => (
  <>
    <title>About · Upwatch</title>
    <AboutView />
  </>
);

export const ContactPage = () => (
  <>
    <title>Contact · Upwatch</title>
    <ContactView />
  </>
);

export const TermsPage = () => (
  <>
    <title>Terms of Service · Upwatch</title>
    <TermsOfService />
  </>
);

export const PrivacyPage = () => (
  <>
    <title>Privacy Policy · Upwatch</title>
    <PrivacyPolicy />
  </>
);

export const RefundPage = () => (
  <>
    <title>Refund and Cancellation Policy · Upwatch</title>
    <RefundPolicy />
  </>
);

export const NotFoundPage = () => (
  <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
    <title>Page not found · Upwatch</title>
    <PageShell title="Page not found" description="There is no page at this address. Check the link, or start again from the home page." />
  </div>
);
