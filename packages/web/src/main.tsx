import './styles/tokens.css';
import './styles/base.css';
import './ui/ui.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRuntime } from './app/runtime/start-runtime';
import { SOCIAL_PENDING_KEY } from './features/signin/pending-key';
import { initI18n } from './lib/i18n';
import { startTheme } from './lib/theme';

startTheme();
void initI18n();
startRuntime();

// A GitHub or Google answer in the address is taken before the router reads it; that code loads
// only while such a sign-in is pending, so it is not part of every start.
const answered = sessionStorage.getItem(SOCIAL_PENDING_KEY)
  ? import('./features/signin/capture-return')
  : Promise.resolve();
void answered.then(() => {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
