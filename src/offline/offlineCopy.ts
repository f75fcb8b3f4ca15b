/**
 * The reader's offline copy of the site. Loaded by ./register.ts (plugin-pwa's swRegister) when the browser
 * has a copy to look after, and by the "Offline reading" control when the reader asks for one.
 *
 * The service worker, which precaches the whole site when it installs, is registered only:
 * - when the reader presses "Save for offline reading" (the choice is remembered in this browser), or
 * - when the site is installed as an app ("appInstalled", "standalone": the plugin's
 *   offlineModeActivationStrategies in docusaurus.config.ts).
 * Otherwise nothing is registered and nothing is downloaded in the background.
 *
 * When a newer version of the site is deployed, the browser finds the changed service worker on the
 * next online visit; it downloads the changed files, then replaces the old copy at once.
 *
 * Patch: pwa-offline-protocol
 * Library: @docusaurus/plugin-pwa 3.10.2
 * Changes: nothing in the library. This module (and ./status.ts, ./sw.js) uses what the plugin's own
 *   registration code uses but does not document: the build-time values `process.env.PWA_SERVICE_WORKER_URL`,
 *   `PWA_DEBUG` and `PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES` its bundler configuration defines, and the
 *   service worker's `?params=<JSON>` address, whose `offlineMode: true` makes the worker precache the site.
 * Why: a feature. The plugin registers the worker by itself from its activation strategies only; a reader's
 *   "Save for offline reading" needs the same registration on demand, from a documented `swRegister` module
 *   that has to speak the worker's protocol.
 * Saves: the offline copy is saved when the reader asks, and nothing of it is downloaded otherwise
 *   (tests/e2e/offline.spec.ts), and the code that saves it (0.9 KiB with gzip) loads only then.
 * Remove when: the plugin lets a site register its worker on demand. tests/unit/patches.spec.ts fails,
 *   naming this patch, when the plugin stops defining these values or its worker reads its parameters
 *   otherwise.
 */
import {CHOSEN_KEY, hasOfflineCopy, setOfflineStatus as setStatus} from './status';

/* Set by plugin-pwa's bundler configuration (patch pwa-offline-protocol, above). */
const SERVICE_WORKER_URL = process.env.PWA_SERVICE_WORKER_URL!;
const DEBUG = Boolean(process.env.PWA_DEBUG);

/** plugin-pwa's service worker reads its parameters from its URL; offlineMode makes it precache the site. */
const OFFLINE_WORKER_URL = `${SERVICE_WORKER_URL}?params=${encodeURIComponent(
  JSON.stringify({offlineMode: true, debug: DEBUG}),
)}`;
const SAVED_AT_KEY = 'ode.offline.savedAt';

const savedAt = () => localStorage.getItem(SAVED_AT_KEY);
const isOurs = (worker: ServiceWorker | null | undefined) =>
  !!worker && new URL(worker.scriptURL).pathname === SERVICE_WORKER_URL;

/** Resolves when the worker is activated (its precache is complete), rejects if it fails to install. */
function whenActivated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('the download did not complete'));
      else return;
      worker.removeEventListener('statechange', check);
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/** Lets a newly downloaded version replace the current copy, then records when that happened. */
async function adoptNewVersion(worker: ServiceWorker) {
  setStatus({state: 'updating', savedAt: savedAt()});
  const activated = whenActivated(worker);
  // plugin-pwa's service worker skips waiting on this message, once it has downloaded everything.
  const skipWaiting = () => worker.state === 'installed' && worker.postMessage({type: 'SKIP_WAITING'});
  worker.addEventListener('statechange', skipWaiting);
  skipWaiting();
  try {
    await activated;
    localStorage.setItem(SAVED_AT_KEY, new Date().toISOString());
    setStatus({state: 'saved', savedAt: savedAt()});
  } catch {
    // The previous copy stays in use; the browser tries again on a later visit.
    setStatus({state: 'saved', savedAt: savedAt()});
  }
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  const pending = registration.waiting ?? registration.installing;
  if (registration.active && pending) void adoptNewVersion(pending);
  registration.addEventListener('updatefound', () => {
    if (registration.active && registration.installing) void adoptNewVersion(registration.installing);
  });
}

/** Downloads the whole site into this browser, or keeps the existing copy up to date. */
export async function saveForOffline(): Promise<void> {
  localStorage.setItem(CHOSEN_KEY, 'true');
  setStatus({state: 'saving'});
  try {
    const registration = await navigator.serviceWorker.register(OFFLINE_WORKER_URL);
    const firstWorker = registration.installing ?? registration.waiting;
    if (firstWorker && !registration.active) {
      await whenActivated(firstWorker);
      localStorage.setItem(SAVED_AT_KEY, new Date().toISOString());
    }
    setStatus({state: 'saved', savedAt: savedAt()});
    watchForUpdates(registration);
  } catch (error) {
    localStorage.removeItem(CHOSEN_KEY);
    setStatus({state: 'error', message: error instanceof Error ? error.message : String(error)});
  }
}

/** Deletes the offline copy and forgets the choice. */
export async function removeOfflineCopy(): Promise<void> {
  localStorage.removeItem(CHOSEN_KEY);
  localStorage.removeItem(SAVED_AT_KEY);
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations.filter((r) => isOurs(r.active ?? r.waiting ?? r.installing)).map((r) => r.unregister()),
  );
  const cacheNames = await caches.keys();
  await Promise.all(
    cacheNames.filter((name) => name.startsWith('workbox-precache')).map((name) => caches.delete(name)),
  );
  setStatus({state: 'none'});
}

/** Looks after an existing copy: shows it as saved and keeps it up to date, or completes the reader's choice. */
export async function start(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration && isOurs(registration.active)) {
    setStatus({state: 'saved', savedAt: savedAt()});
    watchForUpdates(registration);
  } else if (hasOfflineCopy()) {
    await saveForOffline();
  } else {
    setStatus({state: 'none'});
  }
}
