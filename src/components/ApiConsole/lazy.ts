/**
 * The one dynamic import of the console: its components, the in-browser Synkronus, its contract and
 * the JSON Schema validator are a chunk of their own that no page loads until a reader opens a
 * console or the sync playground (its bytes on open are measured in tests/budgets/page-weight.spec.ts).
 */
import {useEffect} from 'react';

export type ConsoleModule = typeof import('./Console');

/**
 * A download that fails while the browser is online is made again at once, up to this many times in a row:
 * the failure may be a lost packet, or a download begun before the link came back (the bundler's loader
 * fails a download at its first chunk that fails; a chunk still under way from the attempt before fails the
 * next attempt in its turn, once). As src/theme/SearchBar does for the search code.
 */
const RETRIES_WHILE_ONLINE = 3;

let loading: Promise<ConsoleModule> | undefined;

/**
 * The console's code; a failed download is forgotten, so that the next call downloads it again (the
 * bundler's chunk loader allows that). Calls made while one is under way wait for it.
 */
export function loadConsole(): Promise<ConsoleModule> {
  const attempt = (retriesLeft: number): Promise<ConsoleModule> =>
    import(/* webpackChunkName: "api-console" */ './Console').catch((error: unknown) => {
      if (navigator.onLine && retriesLeft > 0) return (loading = attempt(retriesLeft - 1));
      loading = undefined;
      throw error;
    });
  return (loading ??= attempt(RETRIES_WHILE_ONLINE));
}

/**
 * What a reader is told when the console's code could not be downloaded, in words: the loader's own message
 * names a chunk and its address, which mean nothing to a reader. `thing` is what failed to load, `again` how
 * the reader asks for it again.
 */
export function unavailableMessage(thing: 'console' | 'playground'): string {
  const again =
    thing === 'console'
      ? 'It loads once the connection is back, or when you press Try it again.'
      : 'It starts once the connection is back, or when you press the button again.';
  return `The ${thing} could not be loaded, most likely because the connection is down. ${again} Save the site for offline reading to use it without a network.`;
}

/** Calls `retry` when the browser comes back online, while `failed` is true. */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);
}
