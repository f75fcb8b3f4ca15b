// @ts-check
/**
 * Extra service-worker code (plugin-pwa's `swCustom`), run inside its service worker.
 * Once the offline copy is complete, the worker takes control of the pages already open, so that a
 * reader who saves the site and then loses the connection can keep navigating in the same tab.
 */
/// <reference lib="webworker" />

/** @param {{offlineMode: boolean}} params */
export default function swCustom(params) {
  if (!params.offlineMode) return;
  const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
}
