import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyThemeClass, readStoredTheme, resolveTheme } from './features/theme/utils/theme';
import './styles.css';

// Apply the stored theme before the first render so a dark-mode choice does not flash light.
applyThemeClass(resolveTheme(readStoredTheme()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
