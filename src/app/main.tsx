import '../worker/discover.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { warmRasterizerWhenIdle } from './components/scatter/warmup.ts';
import './styles.css';
import { registerTestingMethods } from './testing.ts';

await registerTestingMethods();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The first projection frame then runs compiled code (components/scatter/warmup.ts).
warmRasterizerWhenIdle();
