/**
 * The "Try it" button of one operation on /api. The button is in the server-rendered HTML; the console
 * itself (components, in-browser Synkronus, validator) is imported only when the button is pressed
 * (./lazy.ts), so a reader who never presses it downloads none of it.
 *
 * When the console cannot be downloaded (offline, a lost packet), the open panel says so in a sentence, and the
 * download is made again at the next press of the button, which leaves the panel open, and by itself as soon as
 * the browser is back online.
 */
import {useCallback, useState, type ComponentType, type ReactNode} from 'react';
import {useRetryWhenOnline} from '../../offline/retry';
import {loadConsole, unavailableMessage} from './lazy';

type State =
  | {state: 'closed'}
  | {state: 'loading'}
  | {state: 'open'; Panel: ComponentType<{operationId: string}>}
  | {state: 'error'};

export default function TryIt({
  operationId,
  summary,
  className,
}: {
  operationId: string;
  summary: string;
  className?: string;
}): ReactNode {
  const [state, setState] = useState<State>({state: 'closed'});
  const [open, setOpen] = useState(false);
  const panelId = `try-${operationId}`;

  const load = useCallback(async () => {
    setState({state: 'loading'});
    try {
      const {ConsolePanel} = await loadConsole();
      setState({state: 'open', Panel: ConsolePanel});
    } catch {
      setState({state: 'error'});
    }
  }, []);

  // Back online: load the console the reader asked for.
  const failed = open && state.state === 'error';
  useRetryWhenOnline(
    failed,
    useCallback(() => void load(), [load]),
  );

  function press() {
    // A panel that says the console could not be loaded stays open and tries again.
    if (open && state.state !== 'error') {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (state.state === 'open' || state.state === 'loading') return;
    void load();
  }

  return (
    <div className={className}>
      <button
        type="button"
        className="button button--sm button--outline button--primary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={press}>
        Try it
      </button>
      {/* Without JavaScript the button can do nothing: say so where it is, instead of letting it fail silently. */}
      <noscript>
        <p>
          The console runs the API in this page and needs JavaScript, which is switched off: the curl sample under
          Samples makes the same call to a real server.
        </p>
      </noscript>
      <section id={panelId} aria-label={`Try it: ${summary}`} hidden={!open}>
        {open && state.state === 'loading' ? <p role="status">Loading the console…</p> : null}
        {open && state.state === 'error' ? <p role="alert">{unavailableMessage('console')}</p> : null}
        {state.state === 'open' ? <state.Panel operationId={operationId} /> : null}
      </section>
    </div>
  );
}
