/**
 * The one dynamic import of the console: its components, the in-browser Synkronus, its contract and
 * the JSON Schema validator are a chunk of their own that no page loads until a reader opens a
 * console or the sync playground (its bytes on open are measured in tests/budgets/page-weight.spec.ts).
 */
import {retryWhileOnline} from '../../offline/retry';

export type ConsoleModule = typeof import('./Console');

let loading: Promise<ConsoleModule> | undefined;

/**
 * The console's code, downloaded again while online (retryWhileOnline). A failed download is forgotten, so
 * that the next call downloads it again (the bundler's chunk loader allows that); calls made while one is
 * under way wait for it.
 */
export function loadConsole(): Promise<ConsoleModule> {
  loading ??= retryWhileOnline(() => import(/* webpackChunkName: "api-console" */ './Console')).catch(
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
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
