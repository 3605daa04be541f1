import './styles/bootstrap.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { AuthProvider } from './features/auth/auth-provider';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AuthProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AuthProvider>
  </StrictMode>
);

// The static pages come with their content rendered at build time (scripts/prerender.ts): hydrate it.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
