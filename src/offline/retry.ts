/**
 * How the site's lazily loaded code (the search box's, the API console's) survives a field link that drops:
 * a failed download is made again while the browser says it is online, and once more when it comes back online.
 */
import {useEffect} from 'react';

/**
 * A download that fails while the browser is online is made again at once, up to this many times in a row: the
 * failure may be a lost packet, or a download begun before the link came back. The bundler's loader fails a
 * download at its first chunk that fails; a chunk still under way from the attempt before fails the next attempt
 * in its turn, once, so each retry waits for one of those.
 */
const RETRIES_WHILE_ONLINE = 3;

/** `load()`, made again after a failure while the browser is online, up to RETRIES_WHILE_ONLINE times. */
export function retryWhileOnline<T>(load: () => Promise<T>, retriesLeft = RETRIES_WHILE_ONLINE): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine && retriesLeft > 0) return retryWhileOnline(load, retriesLeft - 1);
    throw error;
  });
}

/** Calls `retry` when the browser comes back online, while `failed` is true. */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);
}
