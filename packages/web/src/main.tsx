import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyDarkMode, initialDarkMode } from './lib/dark-mode.tsx';
import { installGlobalErrorHandlers } from './lib/global-errors.ts';
import './index.css';

installGlobalErrorHandlers();
// Before the first paint, so a dark-mode user never sees a white flash.
applyDarkMode(initialDarkMode());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
