import '../worker/discover.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { warmRasterizerWhenIdle } from './components/scatter/warmup.ts';
import './styles.css';
import { registerTestingMethods } from './testing.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import { keepWorkspace } from './workspace/autosave.ts';
import { startKeepingFiles } from './workspace/keepFiles.ts';
import { startTheme } from './components/theme.ts';

// The light or dark theme before anything is drawn (the remembered choice, else the system's).
startTheme();

await registerTestingMethods();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root, {
  // A view that failed is said on the page by its error boundary (components/ErrorBoundary.tsx).
  onCaughtError: (error, info) => console.warn('A view failed:', error, info.componentStack),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// Offline after the first visit (src/sw/sw.js; built apps only, not the standalone copy of
// export-app, and not from file://).
if (
  import.meta.env.PROD &&
  import.meta.env.MODE !== 'standalone' &&
  'serviceWorker' in navigator &&
  window.location.protocol !== 'file:'
)
  // It also tells this tab when a newer version is installed (components/UpdateReady.tsx).
  window.addEventListener('load', () => registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`));
// The workspace is saved in this browser (and the address) as it changes.
keepWorkspace();
// The user's files are kept in this browser when they chose to (workspace/keepFiles.ts).
startKeepingFiles();
// The first projection frame then runs compiled code (components/scatter/warmup.ts).
warmRasterizerWhenIdle();
