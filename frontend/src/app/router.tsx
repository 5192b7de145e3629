import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useRouteError, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/ui/spinner';
import { GuestOnly, RequireAuth } from './guards';
import { AdminPage, adminRoutes } from './routes/admin-page';
import {
  DashboardPage,
  EditStatusPagePage,
  IncidentPage,
  IncidentsPage,
  MaintenancePage,
  MonitorDetailsPage,
  MonitorsPage,
  NewStatusPagePage,
  SettingsPage,
  StatusPagesPage,
} from './routes/app-pages';
import { AUTH_PAGE_META, AUTH_PAGE_VIEWS, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage, VerifyEmailPage } from './routes/auth-pages';
import { LANDING_META, LandingPage, LandingView } from './routes/landing';
import { prerendered } from './routes/page-meta';
import { AboutPage, AcceptInvitationPage, AcknowledgePage, ApiReferencePage, AppNotFoundPage, ConfirmChannelPage, ContactPage, NotFoundPage, PricingPage, PrivacyPage, PUBLIC_PAGE_META, PUBLIC_PAGE_VIEWS, RefundPage, TermsPage } from './routes/public-pages';
import { paths } from '@/config/paths';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** /dashboard, /monitors, /incidents, /settings -> the same path (and query) under /app. */
function RedirectIntoApp() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${paths.app.root}${pathname}${search}`} replace />;
}

function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <PageShell title="Something went wrong" description="This page failed to load. Reload it, or go back to the home page." />
    </div>
  );
}

/**
 * The route list of docs/product-rules.md "Screens and routes" (the user's app, the public pages and the operator panel), all of it.
 * The browser's router is made from it in app/index.tsx, the build's prerenderer from it in app/prerender.tsx; rows marked
 * `prerendered(...)` are the public pages the build renders to HTML and lists in sitemap.xml (docs/performance-web.md).
 */
export const routeTable: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage />, handle: prerendered(LANDING_META, LandingView) },
          { path: 'pricing', element: <PricingPage />, handle: prerendered(PUBLIC_PAGE_META.pricing, PUBLIC_PAGE_VIEWS.pricing) },
          { path: 'about', element: <AboutPage />, handle: prerendered(PUBLIC_PAGE_META.about, PUBLIC_PAGE_VIEWS.about) },
          { path: 'contact', element: <ContactPage />, handle: prerendered(PUBLIC_PAGE_META.contact, PUBLIC_PAGE_VIEWS.contact) },
          { path: 'terms', element: <TermsPage />, handle: prerendered(PUBLIC_PAGE_META.terms, PUBLIC_PAGE_VIEWS.terms) },
          { path: 'privacy', element: <PrivacyPage />, handle: prerendered(PUBLIC_PAGE_META.privacy, PUBLIC_PAGE_VIEWS.privacy) },
          { path: 'refund', element: <RefundPage />, handle: prerendered(PUBLIC_PAGE_META.refund, PUBLIC_PAGE_VIEWS.refund) },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'confirm-channel', element: <ConfirmChannelPage /> },
          { path: paths.acceptInvitation.slice(1), element: <AcceptInvitationPage /> },
          { path: paths.acknowledge.slice(1), element: <AcknowledgePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage />, handle: prerendered(AUTH_PAGE_META.login, AUTH_PAGE_VIEWS.login) },
              { path: 'register', element: <RegisterPage />, handle: prerendered(AUTH_PAGE_META.register, AUTH_PAGE_VIEWS.register) },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The public API's reference (docs/api.md): its own full-width layout, Scalar's.
      { path: paths.apiReference.slice(1), element: <ApiReferencePage /> },
      { path: 'dashboard', element: <RedirectIntoApp /> },
      { path: 'monitors/*', element: <RedirectIntoApp /> },
      { path: 'incidents', element: <RedirectIntoApp /> },
      { path: 'settings', element: <RedirectIntoApp /> },
      {
        path: 'app',
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={paths.app.dashboard} replace /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'monitors', element: <MonitorsPage filter="all" /> },
              { path: 'monitors/online', element: <MonitorsPage filter="online" /> },
              { path: 'monitors/offline', element: <MonitorsPage filter="offline" /> },
              { path: 'monitors/:id', element: <MonitorDetailsPage /> },
              { path: 'incidents', element: <IncidentsPage /> },
              { path: 'incidents/:id', element: <IncidentPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'status-pages', element: <StatusPagesPage /> },
              { path: 'status-pages/new', element: <NewStatusPagePage /> },
              { path: 'status-pages/:id', element: <EditStatusPagePage /> },
              { path: 'maintenance', element: <MaintenancePage /> },
              // An unknown address inside the app says so, rather than silently showing the dashboard.
              { path: '*', element: <AppNotFoundPage /> },
            ],
          },
        ],
      },
      { path: 'admin', element: <AdminPage />, children: adminRoutes },
    ],
  },
];
