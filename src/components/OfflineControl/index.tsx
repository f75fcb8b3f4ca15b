/**
 * "Save for offline reading": the reader's control over the offline copy of the site, with its state
 * (saving, saved and when, updating, failed). See src/offline/offlineCopy.ts, which it loads when pressed.
 */
import React, {type ReactNode, useSyncExternalStore} from 'react';
import {
  getOfflineStatus,
  loadOfflineCopy,
  type OfflineStatus,
  setOfflineStatus,
  subscribeOfflineStatus,
} from '@site/src/offline/status';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

const SERVER_STATUS: OfflineStatus = {state: 'checking'};

/** Runs an action of the offline copy's code, loading that code first (src/offline/status.ts). */
function withOfflineCopy(action: (copy: Awaited<ReturnType<typeof loadOfflineCopy>>) => Promise<void>) {
  loadOfflineCopy()
    .then(action)
    .catch((error: unknown) =>
      setOfflineStatus({state: 'error', message: error instanceof Error ? error.message : String(error)}),
    );
}

function SavedAt({iso}: {iso: string | null}): ReactNode {
  if (!iso) return null;
  const date = new Date(iso);
  return (
    <>
      {' on '}
      <time dateTime={iso}>{date.toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'short'})}</time>
    </>
  );
}

function message(status: OfflineStatus): ReactNode {
  switch (status.state) {
    case 'checking':
    case 'none':
      return 'Keep a copy of the whole site in this browser to read it without a connection.';
    case 'unsupported':
      return 'This browser cannot keep an offline copy of this site.';
    case 'saving':
      return 'Saving the site for offline reading…';
    case 'saved':
      return (
        <>
          Saved for offline reading
          <SavedAt iso={status.savedAt} />. It updates itself when you visit online.
        </>
      );
    case 'updating':
      return 'Updating the offline copy to the newest version of the site…';
    case 'error':
      return `Could not save the site for offline reading: ${status.message}.`;
  }
}

export default function OfflineControl(): ReactNode {
  const status = useSyncExternalStore(subscribeOfflineStatus, getOfflineStatus, () => SERVER_STATUS);
  const canSave = status.state === 'none' || status.state === 'error' || status.state === 'checking';
  const canRemove = status.state === 'saved';
  return (
    <section className={styles.offline} aria-label="Offline reading">
      <Heading as="h2" className={styles.title}>
        Offline reading
      </Heading>
      <p role="status" className={styles.status}>
        {message(status)}
      </p>
      {canSave && (
        <button
          type="button"
          className={styles.button}
          disabled={status.state === 'checking'}
          onClick={() => withOfflineCopy((copy) => copy.saveForOffline())}>
          {status.state === 'error' ? 'Try again' : 'Save for offline reading'}
        </button>
      )}
      {canRemove && (
        <button
          type="button"
          className={styles.button}
          onClick={() => withOfflineCopy((copy) => copy.removeOfflineCopy())}>
          Remove offline copy
        </button>
      )}
    </section>
  );
}
