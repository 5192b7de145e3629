import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { PublicLayout } from '../components/layout/public-layout';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/ui/spinner';
import { GuestOnly, RequireAuth } from './guards';
import { AdminPage, adminRoutes } from './routes/admin-page';
import { DashboardPage, IncidentPage, IncidentsPage, MonitorDetailsPage, MonitorsPage, SettingsPage } from './routes/app-pages';
import { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage, VerifyEmailPage } from './routes/auth-pages';
import { LandingPage } from './routes/landing';
import { AboutPage, AcknowledgePage, AppNotFoundPage, ConfirmChannelPage, ContactPage, NotFoundPage, PricingPage, PrivacyPage, RefundPage, TermsPage } from './routes/public-pages';
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

/** The route list of docs/product-rules.md "Screens and routes" (the user's app, the public pages and the operator panel), all of it. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'refund', element: <RefundPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'confirm-channel', element: <ConfirmChannelPage /> },
          { path: paths.acknowledge.slice(1), element: <AcknowledgePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
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
              // An unknown address inside the app says so, rather than silently showing the dashboard.
              { path: '*', element: <AppNotFoundPage /> },
            ],
          },
        ],
      },
      { path: 'admin', element: <AdminPage />, children: adminRoutes },
    ],
  },
]);
