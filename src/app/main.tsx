import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';
import './styles.css';

// Results are deterministic for a key; keep a few recent ones so switching back is instant.
const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 5 * 60_000, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <UpdateBanner />
    </QueryClientProvider>
  </StrictMode>,
);
