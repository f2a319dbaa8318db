import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { profileQueryOptions } from './lib/session';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A dashboard screen waits for the session check: there the question goes out now, while the
// screen's code loads. The signed-out screens do not wait, and ask once they are on screen.
const queryClient = createQueryClient();
if (window.location.pathname.startsWith('/dashboard')) void queryClient.prefetchQuery(profileQueryOptions);

// The first render is a transition: React renders it in slices and lets the browser paint and
// answer input between them, instead of holding a phone's main thread in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
