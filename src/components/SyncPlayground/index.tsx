/**
 * The sync playground of the sync protocol page: a button in the page's HTML that loads the API
 * console's lazily imported chunk (src/components/ApiConsole/lazy.ts) and starts a guided walk through
 * a full sync against the same in-browser Synkronus as the "Try it" consoles of /api.
 */
import clsx from 'clsx';
import {useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {loadConsole} from '@site/src/components/ApiConsole/lazy';

export default function SyncPlayground(): ReactNode {
  const [Playground, setPlayground] = useState<ComponentType | 'loading' | {error: string}>();
  const region = useRef<HTMLElement>(null);
  const loaded = typeof Playground === 'function';
  // The start button is gone once the playground is there: the keyboard focus moves to its first step's button
  // instead of falling to the page's body.
  useEffect(() => {
    if (loaded) region.current?.querySelector<HTMLButtonElement>('button.button--primary')?.focus();
  }, [loaded]);

  async function start() {
    if (Playground === 'loading') return;
    setPlayground('loading');
    try {
      const module = await loadConsole();
      setPlayground(() => module.Playground);
    } catch (error) {
      setPlayground({error: (error as Error).message});
    }
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
        onClick={() => void start()}
        aria-disabled={Playground === 'loading'}>
        Start the sync playground
      </button>
      {Playground === 'loading' ? <p role="status">Loading the playground…</p> : null}
      {Playground && typeof Playground === 'object' ? (
        <p role="alert">
          The playground could not be loaded ({Playground.error}). Save the site for offline reading to use it without a
          network.
        </p>
      ) : null}
    </section>
  );
}
