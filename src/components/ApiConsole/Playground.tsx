/**
 * The sync playground of the sync protocol page: a guided walk through one full sync against the
 * page's in-browser Synkronus (./session.ts), with the console's own response code (./Response.tsx):
 * log in, push a batch, pull page by page following change_cutoff while has_more is true, then the
 * attachment manifest (the steps: ./syncSteps.tsx). Each step shows its request, its response and what
 * a client does next.
 */
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {DEFAULT_DIALECT} from 'synkronus-mock/src';
import {ResponseView, SaveSession, SeedNote} from './Response';
import {DialectSwitch} from './Dialect';
import {resetSynkronus, startSession} from './session';
import {nextStepLabel, START, takeNextStep, type Cursor, type Step} from './syncSteps';
import styles from './styles.module.css';

function StepList({steps}: {steps: Step[]}): ReactNode {
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step.title} className={styles.step} aria-label={step.title}>
          <p className={styles.responseTitle}>{step.title}</p>
          <pre className={styles.code} tabIndex={0} aria-label="Request">
            <code>{step.request}</code>
          </pre>
          <ResponseView of={step.title} shown={step.shown} />
          <p>
            <strong>Next:</strong> {step.next}
          </p>
        </li>
      ))}
    </ol>
  );
}

function PulledSoFar({cursor}: {cursor: Cursor}): ReactNode {
  const distinct = new Set(cursor.pulled).size;
  return (
    <p role="status" className={styles.subtle}>
      {cursor.pages
        ? `Pulled ${cursor.pulled.length} records in ${cursor.pages} page${cursor.pages > 1 ? 's' : ''}, ${distinct} distinct.`
        : 'Nothing pulled yet.'}
    </p>
  );
}

export function Playground(): ReactNode {
  // The guides document the release: the playground starts there unless the reader chose.
  startSession(DEFAULT_DIALECT);
  const [steps, setSteps] = useState<Step[]>([]);
  const [cursor, setCursor] = useState<Cursor>(START);
  const [pending, setPending] = useState(false);
  const nextLabel = nextStepLabel(cursor, steps.length);

  // When the last step's button goes, the keyboard focus would fall to the page's body: it moves to Start over.
  const startOverButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!nextLabel && document.activeElement === document.body) startOverButton.current?.focus();
  }, [nextLabel]);

  async function next() {
    if (pending) return;
    setPending(true);
    try {
      const taken = await takeNextStep(cursor, steps);
      if (taken) {
        setSteps(taken.steps);
        setCursor(taken.cursor);
      }
    } finally {
      setPending(false);
    }
  }

  function startOver() {
    if (pending) return;
    resetSynkronus();
    setSteps([]);
    setCursor(START);
  }

  return (
    <div className={styles.panel}>
      <p>
        Every step is answered by the <strong>in-browser Synkronus</strong> that the{' '}
        <Link to="/api">API reference</Link>
        &apos;s &ldquo;Try it&rdquo; consoles use, made from the API description and running in this page: nothing is
        sent over the network. It answers as the server of the release these docs cover does, or as the description
        says.
      </p>
      <DialectSwitch />
      <SeedNote />
      <SaveSession />
      <StepList steps={steps} />
      <PulledSoFar cursor={cursor} />
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body. */}
        {nextLabel ? (
          <button
            type="button"
            className={clsx('button button--primary', pending && 'disabled')}
            onClick={() => void next()}
            aria-disabled={pending}>
            {nextLabel}
          </button>
        ) : null}
        <button
          ref={startOverButton}
          type="button"
          className={clsx('button button--secondary', pending && 'disabled')}
          onClick={startOver}
          aria-disabled={pending}>
          Start over
        </button>
      </div>
    </div>
  );
}
