/**
 * plugin-pwa's `swRegister` client module, on every page: it only decides whether the code of the offline
 * copy (./offlineCopy.ts) is needed, and loads it then (see ./status.ts).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {appInstalledActivates, hasOfflineCopy, loadOfflineCopy, setOfflineStatus} from './status';

function loadFailed(error: unknown) {
  setOfflineStatus({state: 'error', message: error instanceof Error ? error.message : String(error)});
}

if (ExecutionEnvironment.canUseDOM) {
  if (!('serviceWorker' in navigator) || !('caches' in window)) {
    setOfflineStatus({state: 'unsupported'});
  } else {
    if (appInstalledActivates()) {
      window.addEventListener('appinstalled', () => {
        loadOfflineCopy().then((copy) => copy.saveForOffline(), loadFailed);
      });
    }
    if (hasOfflineCopy()) loadOfflineCopy().then((copy) => copy.start(), loadFailed);
    else setOfflineStatus({state: 'none'});
  }
}
