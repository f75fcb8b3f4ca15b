/**
 * What the console and the sync playground both show: the answer of the in-browser Synkronus (status,
 * headers, body pretty-printed, in a live region) and the seed it starts from.
 */
import type {ReactNode} from 'react';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {MAX_BUNDLE_BYTES, SEED_FORM_TYPES, SEED_USERS, seedSummary} from 'synkronus-mock/src';
import type {Exchange} from 'synkronus-mock/src';
import {listZip} from 'synkronus-mock/src/zip';
import {AnswerNotesView, useSession, type AnswerNotes} from './Dialect';
import {contract, saveSessionHar} from './session';
import styles from './styles.module.css';

/** The address requests are made out to (never fetched: the in-browser Synkronus answers them). */
export const MOCK_ORIGIN = 'http://localhost:8080';

/** What the console shows of an answer. */
export type Shown = {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
  bodyLabel: string;
  notes: AnswerNotes;
};

/** A response as text for the reader: JSON pretty-printed, a ZIP as its entries, other bytes as text or their size. */
export async function showResponse(op: ContractOperation, exchange: Exchange): Promise<Shown> {
  const {response} = exchange;
  const documented = op.responses.find((r) => r.status === String(response.status))?.reason;
  const reason = documented ?? contract.reasons[response.status] ?? '';
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  const type = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  let body: string;
  let bodyLabel = 'Response body';
  if (bytes.length === 0) body = '(no body)';
  else if (type.includes('json')) {
    const text = new TextDecoder().decode(bytes);
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      body = text;
    }
  } else if (type.includes('zip')) {
    const listing = listZip(bytes);
    const entries = listing.kind === 'zip' ? listing.entries : [];
    bodyLabel = 'Response body (ZIP entries)';
    body = [
      `A ZIP file of ${bytes.length} bytes with ${entries.length} entries:`,
      ...entries.map((entry) => `  ${entry.name}  ${entry.size} bytes`),
      '',
      'Each entry is a Parquet file of one form type, with the columns the server of the release writes.',
    ].join('\n');
  } else {
    const text = new TextDecoder('utf-8', {fatal: false}).decode(bytes.subarray(0, 4096));
    // eslint-disable-next-line no-control-regex -- NUL to BS (and U+FFFD) are how binary content shows in decoded text
    body = `${bytes.length} bytes (${type || 'no content type'})${/[\u0000-\u0008\uFFFD]/.test(text) ? '' : `:\n${text}`}`;
  }
  return {status: response.status, reason, headers, body, bodyLabel, notes: {...exchange, status: response.status}};
}

/** The answer in a live region, named "Response: <of what>" (each region of a page has its own name). */
export function ResponseView({
  of,
  shown,
  pending,
  error,
  answers,
}: {
  of: string;
  shown?: Shown;
  pending?: boolean;
  error?: string;
  answers?: number;
}): ReactNode {
  return (
    <section
      className={styles.response}
      aria-label={`Response: ${of}`}
      aria-live="polite"
      aria-busy={pending || undefined}
      data-answers={answers}>
      <p className={styles.responseTitle} aria-hidden="true">
        Response
      </p>
      {pending ? <p>Sending…</p> : null}
      {error ? <p className={styles.error}>{error}</p> : null}
      {shown && !pending ? (
        <>
          <p className={styles.status}>
            Status{' '}
            <strong className={shown.status < 400 ? styles.statusOk : styles.statusError}>
              {shown.status} {shown.reason}
            </strong>
          </p>
          <AnswerNotesView notes={shown.notes} />
          <details className={styles.headers}>
            <summary>Headers ({shown.headers.length})</summary>
            <ul>
              {shown.headers.map(([name, value]) => (
                <li key={name}>
                  <code>
                    {name}: {value}
                  </code>
                </li>
              ))}
            </ul>
          </details>
          <pre className={styles.code} tabIndex={0} aria-label={shown.bodyLabel}>
            <code>{shown.body}</code>
          </pre>
        </>
      ) : null}
      {!shown && !pending && !error ? <p className={styles.subtle}>No request sent yet.</p> : null}
    </section>
  );
}

/** The seed of the dialect that answers, and the credentials, stated where the reader tries the API. */
export function SeedNote(): ReactNode {
  const {dialect} = useSession();
  const seed = seedSummary(dialect);
  const bundles = seed.bundleVersions;
  return (
    <p className={styles.subtle}>
      Its seed: users{' '}
      {SEED_USERS.map((user, i) => (
        <span key={user.username}>
          {i ? ', ' : ''}
          <code>{user.username}</code> / <code>{user.password}</code> ({user.role})
        </span>
      ))}
      ; {seed.observations} observations of the form types{' '}
      {SEED_FORM_TYPES.map((t, i) => (
        <span key={t}>
          {i ? ' and ' : ''}
          <code>{t}</code>
        </span>
      ))}{' '}
      (changed at versions {seed.versions[0]} to {seed.versions[1]}, so the description&apos;s pull example gets the
      newest); {seed.attachments} attachment{seed.attachments === 1 ? '' : 's'}
      {seed.deletedAttachments ? ` (${seed.deletedAttachments} deleted)` : ''}; {bundles.length} app bundle versions,{' '}
      <code>{bundles[0]}</code> to <code>{bundles[bundles.length - 1]}</code>, <code>{seed.activeBundle}</code> active.
      App bundles up to {MAX_BUNDLE_BYTES / 1024} KiB. Access tokens last 24 hours and refresh tokens 7 days, as on the
      server of the release.
    </p>
  );
}

/** Saves every exchange of the page (console and playground, both dialects) as a HAR file. */
export function SaveSession(): ReactNode {
  const {exchanges} = useSession();
  return (
    <p className={styles.subtle}>
      <button type="button" className="button button--sm button--secondary" onClick={saveSessionHar}>
        Save the session as HAR
      </button>{' '}
      {exchanges} exchange{exchanges === 1 ? '' : 's'} so far: each request and answer, with its dialect and rules, in
      the format of browsers&apos; developer tools (open it there with Import HAR).
    </p>
  );
}
