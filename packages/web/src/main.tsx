// First: a GitHub or Google answer in the address is taken before the router reads it.
import './features/signin/capture-return';
import './styles/tokens.css';
import './styles/base.css';
import './ui/ui.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRuntime } from './app/runtime/start-runtime';
import { initI18n } from './lib/i18n';
import { startTheme } from './lib/theme';

startTheme();
void initI18n();
startRuntime();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
