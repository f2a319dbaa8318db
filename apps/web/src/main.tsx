import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { profileQueryOptions } from './lib/session';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Every screen asks who is signed in: the question goes out now, while the screen's own code loads.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(profileQueryOptions);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
