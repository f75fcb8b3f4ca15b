/**
 * What every page needs of the offline copy: its status, for the "Offline reading" control, and the
 * decision whether this browser has an offline copy to look after. The code that saves, updates and removes
 * the copy (./offlineCopy.ts) is loaded only when there is one, or when the reader asks for one: a reader who
 * never saves the site does not download it.
 */
export type OfflineStatus =
  | {state: 'checking'}
  | {state: 'unsupported'}
  | {state: 'none'}
  | {state: 'saving'}
  | {state: 'saved'; savedAt: string | null}
  | {state: 'updating'; savedAt: string | null}
  | {state: 'error'; message: string};

/* Set by plugin-pwa's bundler configuration (patch pwa-offline-protocol, ./offlineCopy.ts). */
const STRATEGIES = process.env.PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES as unknown as string[];

/** Remembers, in this browser, that the reader chose to keep the site. */
export const CHOSEN_KEY = 'ode.offline.chosen';

let status: OfflineStatus = {state: 'checking'};
const listeners = new Set<() => void>();

export function setOfflineStatus(next: OfflineStatus): void {
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

/** The code that looks after the offline copy, loaded once, when first needed. */
export function loadOfflineCopy(): Promise<typeof import('./offlineCopy')> {
  return import('./offlineCopy');
}

export const installedAsApp = (): boolean =>
  STRATEGIES.includes('standalone') && window.matchMedia('(display-mode: standalone)').matches;

/**
 * Whether this browser has, or must get, an offline copy: the reader chose one, a service worker of the
 * site controls the page, or the site runs as an installed app.
 */
export function hasOfflineCopy(): boolean {
  return localStorage.getItem(CHOSEN_KEY) === 'true' || !!navigator.serviceWorker.controller || installedAsApp();
}

export const appInstalledActivates = (): boolean => STRATEGIES.includes('appInstalled');
