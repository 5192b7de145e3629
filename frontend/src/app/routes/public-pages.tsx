import { PageShell } from '../../components/page-shell';

// Public pages later issues fill in. Each says what it will hold; none shows invented content.

function PublicShell({ title, description, noindex = false }: { title: string; description: string; noindex?: boolean }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <title>{`${title} · Upwatch`}</title>
      {noindex && <meta name="robots" content="noindex" />}
      <PageShell title={title} description={description} />
    </div>
  );
}

export const PricingPage = () => (
  <PublicShell
    title="Pricing"
    description="This page will compare the Free, Pro, Business and Enterprise plans, with monthly and yearly prices and answers to common questions."
  />
);

export const AboutPage = () => (
  <PublicShell title="About Upwatch" description="This page will tell you who builds Upwatch and why." />
);

export const ContactPage = () => (
  <PublicShell
    title="Contact us"
    description="This page will hold a contact form for sales, support, billing and feedback, with our support hours and response times."
  />
);

export const TermsPage = () => (
  <PublicShell title="Terms of Service" description="The terms that govern your use of Upwatch will be published on this page." noindex />
);

export const PrivacyPage = () => (
  <PublicShell title="Privacy Policy" description="How Upwatch collects, uses and protects your data will be described on this page." noindex />
);

export const RefundPage = () => (
  <PublicShell
    title="Refund and Cancellation Policy"
    description="When and how you can cancel a subscription or ask for a refund will be described on this page."
    noindex
  />
);

export const NotFoundPage = () => (
  <PublicShell title="Page not found" description="There is no page at this address. Check the link, or start again from the home page." />
);
