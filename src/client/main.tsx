import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyThemeClass, readStoredTheme, resolveTheme } from './features/theme/utils/theme';
import './styles.css';

// Apply the stored theme before the first render so a dark-mode choice does not flash light.
applyThemeClass(resolveTheme(readStoredTheme()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser handle
// input in between, instead of one task of close to a second on a slow phone (Lighthouse's longest task on `/sos`:
// 0.9–1.1 s before, 0.3–0.4 s after; docs/PERFORMANCE.md). What it shows, and when it paints, are unchanged.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
