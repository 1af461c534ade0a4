import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app (index.html → src/app) and its Web Worker (src/worker), built into dist/.
// `public/dict` (built by `npm run build:dict`) is copied as is: the worker fetches it lazily.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true },
  // In development, remote mode's default base URL (the page's origin) reaches a local service.
  server: { port: 5173, strictPort: false, proxy: { '/tagger': process.env.GLOSA_SERVICE_URL ?? 'http://127.0.0.1:8080' } },
  preview: { port: 4173 },
});
