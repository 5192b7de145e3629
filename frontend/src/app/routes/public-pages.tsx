import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/layout/auth-card';
import { PageShell } from '../../components/page-shell';
import { lazyView } from './lazy-view';
import type { PageMeta } from './page-meta';
import { paths } from '@/config/paths';

const loadMarketing = () => import('../../features/marketing');
const loadLegal = () => import('../../features/legal');
const PricingView = lazyView(() => loadMarketing().then((module) => module.PricingView));
const AboutView = lazyView(() => loadMarketing().then((module) => module.AboutView));
const ContactView = lazyView(() => import('../../features/contact').then((module) => module.ContactView));
const TermsOfService = lazyView(() => loadLegal().then((module) => module.TermsOfService));
const PrivacyPolicy = lazyView(() => loadLegal().then((module) => module.PrivacyPolicy));
const RefundPolicy = lazyView(() => loadLegal().then((module) => module.RefundPolicy));
const ConfirmChannelView = lazyView(() => import('../../features/channel-confirmation').then((module) => module.ConfirmChannelView));
const AcknowledgeView = lazyView(() => import('../../features/acknowledgement').then((module) => module.AcknowledgeView));
// The API reference brings Scalar, the largest view of the site: its own chunk, loaded on this page only (docs/api.md "The document").
const ApiReferenceView = lazyView(() => import('../../features/api-reference').then((module) => module.ApiReferenceView));

// The public pages of docs/product-rules.md "Public pages and policies"; each feature brings its own content, the route adds the tab title.

/** The lazily loaded content of each prerendered public page, loaded before its HTML is hydrated. */
export const PUBLIC_PAGE_VIEWS = { pricing: PricingView, about: AboutView, contact: ContactView, terms: TermsOfService, privacy: PrivacyPolicy, refund: RefundPolicy };

/** The head of each prerendered public page (app/router.tsx marks their rows with `prerendered(...)`). */
export const PUBLIC_PAGE_META = {
  pricing: {
    title: 'Pricing · Upwatch',
    description: 'Upwatch plans and prices: start free with one website, and move up when you monitor more sites or need faster checks. Monthly or yearly, by card or UPI.',
  },
  about: {
    title: 'About · Upwatch',
    description: 'Upwatch is a website uptime-monitoring service for site owners — from a single personal site to hundreds of company websites.',
  },
  contact: {
    title: 'Contact · Upwatch',
    description: 'Questions about plans, a problem with a monitor, or an idea for Upwatch? Send us a message and a real person will answer.',
  },
  terms: {
    title: 'Terms of Service · Upwatch',
    description: 'The terms that apply when you use Upwatch, the website uptime-monitoring service.',
    noindex: true,
  },
  privacy: {
    title: 'Privacy Policy · Upwatch',
    description: 'What personal data Upwatch keeps, why and for how long, and what you can ask us to do with it.',
    noindex: true,
  },
  refund: {
    title: 'Refund and Cancellation Policy · Upwatch',
    description: 'How to cancel an Upwatch subscription, and when a payment is refunded.',
    noindex: true,
  },
} satisfies Record<string, PageMeta>;

export const PricingPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.pricing.title}</title>
    <PricingView />
  </>
);

export const AboutPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.about.title}</title>
    <AboutView />
  </>
);

export const ContactPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.contact.title}</title>
    <ContactView />
  </>
);

export const TermsPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.terms.title}</title>
    <TermsOfService />
  </>
);

export const PrivacyPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.privacy.title}</title>
    <PrivacyPolicy />
  </>
);

export const RefundPage = () => (
  <>
    <title>{PUBLIC_PAGE_META.refund.title}</title>
    <RefundPolicy />
  </>
);

/** An alert recipient confirms their address (docs/alerts.md "Confirming e-mail recipients"); no account needed. */
export function ConfirmChannelPage() {
  const [params] = useSearchParams();
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>Confirm alerts · Upwatch</title>
      <AuthCard>
        <ConfirmChannelView token={params.get('token')} />
      </AuthCard>
    </div>
  );
}

/** /ack?token=...: an alert's one-click acknowledgement (docs/alerts.md "Acknowledgement"), no sign-in needed. */
export function AcknowledgePage() {
  const [params] = useSearchParams();
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>Acknowledge incident · Upwatch</title>
      <AuthCard>
        <AcknowledgeView token={params.get('token')} />
      </AuthCard>
    </div>
  );
}

/** An unknown /app/* address: inside the app shell, with the way back to the dashboard. */
export const AppNotFoundPage = () => (
  <div className="py-8">
    <title>Page not found · Upwatch</title>
    <PageShell title="Page not found" description="There is no page at this address in the app. Check the link, or go back to your dashboard.">
      <Link to={paths.app.dashboard} className="font-medium text-indigo-600 hover:text-indigo-500">
        Go to the dashboard
      </Link>
    </PageShell>
  </div>
);

export const NotFoundPage = () => (
  <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
    <title>Page not found · Upwatch</title>
    <PageShell title="Page not found" description="There is no page at this address. Check the link, or start again from the home page." />
  </div>
);

const AcceptInvitationView = lazyView(() => import('../../features/invitations/accept-invitation-page').then((module) => module.AcceptInvitationPage));

/** /invitations/accept?token=...: joining a workspace from an invitation e-mail (docs/teams.md "Members and invitations"). */
export function AcceptInvitationPage() {
  return (
    <div className="px-4 py-12 sm:py-16">
      <title>Join a workspace · Upwatch</title>
      <AcceptInvitationView />
    </div>
  );
}

/** /docs/api: the public API's reference, read from GET /api/v1/openapi.json (docs/api.md). */
export function ApiReferencePage() {
  return <ApiReferenceView />;
}
