/**
 * The sync playground of the sync protocol page: a button in the page's HTML that loads the API
 * console's lazily imported chunk (src/components/ApiConsole/lazy.ts) and starts a guided walk through
 * a full sync against the same in-browser Synkronus as the "Try it" consoles of /api. When that chunk cannot be
 * downloaded, it says so in a sentence and tries again at the next press and once the browser is back online.
 */
import clsx from 'clsx';
import {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {loadConsole, unavailableMessage} from '@site/src/components/ApiConsole/lazy';
import {useRetryWhenOnline} from '@site/src/offline/retry';

export default function SyncPlayground(): ReactNode {
  const [Playground, setPlayground] = useState<ComponentType | 'loading' | 'failed'>();
  const region = useRef<HTMLElement>(null);
  const loaded = typeof Playground === 'function';
  // The start button is gone once the playground is there: the keyboard focus moves to its first step's button
  // instead of falling to the page's body.
  useEffect(() => {
    if (loaded) region.current?.querySelector<HTMLButtonElement>('button.button--primary')?.focus();
  }, [loaded]);

  const load = useCallback(async () => {
    setPlayground('loading');
    try {
      const module = await loadConsole();
      setPlayground(() => module.Playground);
    } catch {
      setPlayground('failed');
    }
  }, []);
  // Back online: start the playground the reader asked for.
  useRetryWhenOnline(
    Playground === 'failed',
    useCallback(() => void load(), [load]),
  );

  function start() {
    if (Playground !== 'loading') void load();
  }

  if (typeof Playground === 'function') {
    return (
      <section aria-label="Sync playground" ref={region}>
        <Playground />
      </section>
    );
  }
  return (
    <section aria-label="Sync playground">
      <p>
        Walk through one full sync, step by step, against a Synkronus engine that runs in this page and answers as the
        server of the release does (or, if you choose, as the API description says): log in, push a batch, pull page by
        page until <code>has_more</code> is <code>false</code>, then get the attachment manifest. Nothing is sent over
        the network.
      </p>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body. */}
      <button
        type="button"
        className={clsx('button button--primary', Playground === 'loading' && 'disabled')}
        onClick={start}
        aria-disabled={Playground === 'loading'}>
        Start the sync playground
      </button>
      {Playground === 'loading' ? <p role="status">Loading the playground…</p> : null}
      {Playground === 'failed' ? <p role="alert">{unavailableMessage('playground')}</p> : null}
    </section>
  );
}
