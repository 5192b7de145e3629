import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ConfigErrorScreen } from './components/config-error';
import { PageSpinner } from './components/ui/spinner';
import { preloadForPage } from './app/preload';
import { configureAuth } from './lib/auth';
import { ConfigError, loadConfig } from './lib/config';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
root.render(<PageSpinner />);

// Runtime configuration first (contracts.md): Amplify and the API client need it before any render.
loadConfig()
  .then((config) => {
    configureAuth(config);
    preloadForPage(window.location.pathname);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error stopped the application from starting.';
    root.render(<ConfigErrorScreen reason={reason} />);
  });
