/**
 * The reader's offline copy of the site (replaces @docusaurus/plugin-pwa's registerSw).
 *
 * The service worker, which precaches the whole site when it installs, is registered only:
 * - when the reader presses "Save for offline reading" (the choice is remembered in this browser), or
 * - when the site is installed as an app ("appInstalled", "standalone": the plugin's
 *   offlineModeActivationStrategies in docusaurus.config.ts).
 * Otherwise nothing is registered and nothing is downloaded in the background.
 *
 * When a newer version of the site is deployed, the browser finds the changed service worker on the
 * next online visit; it downloads the changed files, then replaces the old copy at once.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

export type OfflineStatus =
  | {state: 'checking'}
  | {state: 'unsupported'}
  | {state: 'none'}
  | {state: 'saving'}
  | {state: 'saved'; savedAt: string | null}
  | {state: 'updating'; savedAt: string | null}
  | {state: 'error'; message: string};

/* Set by plugin-pwa's bundler configuration. */
const SERVICE_WORKER_URL = process.env.PWA_SERVICE_WORKER_URL!;
const STRATEGIES = process.env.PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES as unknown as string[];
const DEBUG = Boolean(process.env.PWA_DEBUG);

/** plugin-pwa's service worker reads its parameters from its URL; offlineMode makes it precache the site. */
const OFFLINE_WORKER_URL = `${SERVICE_WORKER_URL}?params=${encodeURIComponent(
  JSON.stringify({offlineMode: true, debug: DEBUG}),
)}`;
const CHOSEN_KEY = 'ode.offline.chosen';
const SAVED_AT_KEY = 'ode.offline.savedAt';

let status: OfflineStatus = {state: 'checking'};
const listeners = new Set<() => void>();

function setStatus(next: OfflineStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}

export function getOfflineStatus(): OfflineStatus {
  return status;
}

export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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

const installedAsApp = () =>
  STRATEGIES.includes('standalone') && window.matchMedia('(display-mode: standalone)').matches;

async function start() {
  if (!('serviceWorker' in navigator) || !('caches' in window)) {
    setStatus({state: 'unsupported'});
    return;
  }
  if (STRATEGIES.includes('appInstalled')) {
    window.addEventListener('appinstalled', () => void saveForOffline());
  }
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration && isOurs(registration.active)) {
    setStatus({state: 'saved', savedAt: savedAt()});
    watchForUpdates(registration);
  } else if (localStorage.getItem(CHOSEN_KEY) === 'true' || installedAsApp()) {
    await saveForOffline();
  } else {
    setStatus({state: 'none'});
  }
}

if (ExecutionEnvironment.canUseDOM) {
  start().catch((error: unknown) =>
    setStatus({state: 'error', message: error instanceof Error ? error.message : String(error)}),
  );
}
