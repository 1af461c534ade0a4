/// <reference types="vite-plugin-pwa/react" />
/**
 * Registers the service worker (see vite.config.ts) and, when a new version of the app is waiting,
 * says so; it takes over only when the user chooses to reload, never in the middle of a review.
 */
import type { CSSProperties } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const BANNER: CSSProperties = {
  position: 'fixed',
  insetInline: '1rem',
  bottom: '1rem',
  zIndex: 10,
  padding: '0.5rem 1rem',
  background: '#1f5f8b',
  color: '#fff',
  borderRadius: '0.5rem',
  textAlign: 'center',
};

export function UpdateBanner() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  // The plugin reloads only for an update it saw being registered; one found by a later update check
  // must reload too, so the reload follows the change of controller itself.
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };
  return (
    <div className="update-banner" role="status" style={BANNER}>
      Nueva versión disponible —{' '}
      <button type="button" onClick={reload}>
        recargar
      </button>
    </div>
  );
}
