import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { routeTable } from './app/router';
import { preloadPrerenderedView } from './app/routes/page-meta';
import { ConfigErrorScreen } from './components/config-error';
import { PageSpinner } from './components/ui/spinner';
import { preloadForPage } from './app/preload';
import { configureAuth } from './lib/auth';
import { ConfigError, loadConfig } from './lib/config';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Runtime configuration first (contracts.md): Amplify and the API client need it before they call out.
const config = loadConfig().then((loaded) => {
  configureAuth(loaded);
  preloadForPage(window.location.pathname);
});

// A public page comes prerendered by the build (app/prerender.tsx): its HTML is on screen already, and
// the same components hydrate it as soon as the page's own code is in, without waiting for the
// configuration (API calls wait for it). Every other address gets the empty shell and renders once
// the configuration is in (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
let root: Root | undefined;
if (container.firstElementChild) {
  void preloadPrerenderedView(routeTable, window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      // As a transition, hydration yields to the browser every few milliseconds instead of blocking
      // it in one long task; a click meanwhile hydrates its own part at once.
      startTransition(() => {
        root ??= hydrateRoot(container, app);
      });
    });
} else {
  const shell = createRoot(container);
  root = shell;
  shell.render(<PageSpinner />);
  void config.then(() => shell.render(app), () => undefined);
}

config.catch((error: unknown) => {
  console.error(error);
  const reason = error instanceof ConfigError ? error.message : 'An unexpected error stopped the application from starting.';
  root ??= createRoot(container);
  root.render(<ConfigErrorScreen reason={reason} />);
});
