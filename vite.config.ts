import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The app (index.html → src/app) and its Web Worker (src/worker), built into dist/.
// `public/dict` (built by `npm run build:dict`) is copied as is: the worker fetches it lazily.
// A service worker (Workbox, through vite-plugin-pwa) precaches the app shell and the default
// dictionary, so that once the app has loaded, local mode works with no network at all. Each build's
// worker holds a consistent set (index, scripts, dictionary manifest and file); a new version waits
// until the user accepts the banner (registerType 'prompt', src/app/UpdateBanner.tsx). The worker
// still keeps the dictionary it loads in its own Cache Storage. Manifest and icons are in public/.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'dict/*.{json,glsd}'],
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/tagger\//, /^\/openapi\.json$/, /^\/dict\//],
      },
    }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true },
  // In development, remote mode's default base URL (the page's origin) reaches a local service.
  server: { port: 5173, strictPort: false, proxy: { '/tagger': process.env.GLOSA_SERVICE_URL ?? 'http://127.0.0.1:8080' } },
  preview: { port: 4173 },
});
