/**
 * The "Try it" button of one operation on /api. The button is in the server-rendered HTML; the console
 * itself (components, in-browser Synkronus, validator) is imported only when the button is pressed
 * (./lazy.ts), so a reader who never presses it downloads none of it.
 */
import {useState, type ComponentType, type ReactNode} from 'react';
import {loadConsole} from './lazy';

type State =
  | {state: 'closed'}
  | {state: 'loading'}
  | {state: 'open'; Panel: ComponentType<{operationId: string}>}
  | {state: 'error'; message: string};

export default function TryIt({operationId, summary}: {operationId: string; summary: string}): ReactNode {
  const [state, setState] = useState<State>({state: 'closed'});
  const [open, setOpen] = useState(false);
  const panelId = `try-${operationId}`;

  async function toggle() {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (state.state === 'open') return;
    setState({state: 'loading'});
    try {
      const {ConsolePanel} = await loadConsole();
      setState({state: 'open', Panel: ConsolePanel});
    } catch (error) {
      setState({
        state: 'error',
        message: `The console could not be loaded (${(error as Error).message}). Save the site for offline reading to use it without a network.`,
      });
    }
  }

  return (
    <div>
      <button
        type="button"
        className="button button--sm button--outline button--primary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => void toggle()}>
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
        {open && state.state === 'error' ? <p role="alert">{state.message}</p> : null}
        {state.state === 'open' ? <state.Panel operationId={operationId} /> : null}
      </section>
    </div>
  );
}
