/**
 * The sync playground of the sync protocol page: a guided walk through one full sync against the
 * page's in-browser Synkronus (./session.ts), with the console's own request and response code
 * (./Console.tsx): log in, push a batch, pull page by page following change_cutoff while has_more is
 * true, then the attachment manifest. Each step shows its request, its response and what a client
 * does next.
 */
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useEffect, useRef, useState, type ReactNode} from 'react';
import type {ContractOperation} from '@site/src/api/synkronus/contract';
import {DEFAULT_DIALECT, SEED_USERS} from '@site/src/api/synkronus';
import {knownIssueHref} from '@site/src/known-issues';
import {MOCK_ORIGIN, ResponseView, SaveSession, SeedNote, showResponse, type Shown} from './Response';
import {DialectSwitch} from './Dialect';
import {contract, knownIssues, resetSynkronus, send, startSession} from './session';
import styles from './styles.module.css';

const CLIENT_ID = 'playground-device';
const PAGE_SIZE = 50;
const USER = SEED_USERS.find((user) => user.role === 'read-write')!;

type Step = {title: string; request: string; shown: Shown; next: ReactNode};
type Cursor = {token: string; since?: number; pages: number; pulled: string[]; done: boolean; manifest: boolean};

const op = (operationId: string) => contract.operations.find((o) => o.operationId === operationId) as ContractOperation;

function record(n: number, formType: string | undefined) {
  const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    observation_id: `obs-playground-${n}`,
    ...(formType ? {form_type: formType} : {}),
    form_version: '1.0',
    data: {household_size: n + 2, village: 'Maseno'},
    created_at: time,
    updated_at: time,
    synced_at: null,
    deleted: false,
  };
}

function uuid(): string {
  const hex = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function call(
  operationId: string,
  pathAndQuery: string,
  body: unknown,
  token?: string,
): Promise<{request: string; shown: Shown; json: Record<string, unknown>}> {
  const headers: Record<string, string> = {'Content-Type': 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  const text = JSON.stringify(body, null, 2);
  const exchange = await send(
    new Request(`${MOCK_ORIGIN}${pathAndQuery}`, {method: 'POST', headers, body: text}),
    operationId,
  );
  // A refused token gets plain text from the release (Known issues): no JSON to read then.
  const answer = await exchange.response.clone().text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer) as Record<string, unknown>;
  } catch {
    // Not JSON: the step shows the text as it came.
  }
  const request = [
    `POST ${pathAndQuery}`,
    ...Object.entries(headers).map(
      ([name, value]) => `${name}: ${name === 'Authorization' ? 'Bearer <token of the login>' : value}`,
    ),
    '',
    text,
  ].join('\n');
  return {request, shown: await showResponse(op(operationId), exchange), json};
}

export function Playground(): ReactNode {
  // The guides document the release: the playground starts there unless the reader chose.
  startSession(DEFAULT_DIALECT);
  const [steps, setSteps] = useState<Step[]>([]);
  const [cursor, setCursor] = useState<Cursor>({token: '', pages: 0, pulled: [], done: false, manifest: false});
  const [pending, setPending] = useState(false);

  const nextLabel = !cursor.token
    ? `Log in as ${USER.username}`
    : steps.length === 1
      ? 'Push a batch of three records'
      : cursor.pages === 0
        ? `Pull the first page (limit ${PAGE_SIZE})`
        : !cursor.done
          ? `Pull the next page (since.version ${cursor.since})`
          : !cursor.manifest
            ? 'Get the attachment manifest'
            : undefined;

  // When the last step's button goes, the keyboard focus would fall to the page's body: it moves to Start over.
  const startOverButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!nextLabel && document.activeElement === document.body) startOverButton.current?.focus();
  }, [nextLabel]);

  async function next() {
    if (pending) return;
    setPending(true);
    try {
      if (!cursor.token) {
        const {request, shown, json} = await call('login', '/auth/login', {
          username: USER.username,
          password: USER.password,
        });
        setSteps([
          {
            title: '1. Log in',
            request,
            shown,
            next: (
              <>
                Send the <code>token</code> as <code>Authorization: Bearer …</code> on every call; before{' '}
                <code>expiresAt</code>, exchange the <code>refreshToken</code> for a new pair with{' '}
                <code>POST /auth/refresh</code>.
              </>
            ),
          },
        ]);
        setCursor({...cursor, token: String(json.token)});
      } else if (steps.length === 1) {
        const body = {
          transmission_id: uuid(),
          client_id: CLIENT_ID,
          records: [record(1, 'household_survey'), record(2, undefined), record(3, 'household_survey')],
        };
        const {request, shown, json} = await call('syncPush', '/sync/push', body, cursor.token);
        const failed = (json.failed_records as unknown[] | undefined)?.length ?? 0;
        const warned = (json.warnings as unknown[] | undefined)?.length ?? 0;
        setSteps([
          ...steps,
          {
            title: '2. Push a batch',
            request,
            shown,
            next: (
              <>
                {String(json.success_count)} records stored, {failed} in <code>failed_records</code>
                {failed
                  ? ': the record without form_type; the client keeps it, fixes it and pushes it again.'
                  : warned
                    ? ': the record without form_type is stored all the same, and the warning names it: log it.'
                    : '.'}{' '}
                A push whose answer was lost is pushed again: each record replaces itself by its{' '}
                <code>observation_id</code>, but the server of this release writes it again with a new version (
                <Link to={knownIssueHref(knownIssues, 'transmission-id-not-idempotent')}>Known issues</Link>).
              </>
            ),
          },
        ]);
      } else if (!cursor.done) {
        const body = {client_id: CLIENT_ID, ...(cursor.since === undefined ? {} : {since: {version: cursor.since}})};
        const {request, shown, json} = await call('syncPull', `/sync/pull?limit=${PAGE_SIZE}`, body, cursor.token);
        const records = (json.records as {observation_id: string}[] | null) ?? [];
        const hasMore = json.has_more === true;
        const cutoff = Number(json.change_cutoff);
        const pages = cursor.pages + 1;
        setSteps([
          ...steps,
          {
            title: `${steps.length + 1}. Pull page ${pages}`,
            request,
            shown,
            next: hasMore ? (
              <>
                <code>has_more</code> is <code>true</code>: store these {records.length} records, then pull again with{' '}
                <code>since.version</code> set to this <code>change_cutoff</code>, {cutoff}.
              </>
            ) : (
              <>
                <code>has_more</code> is <code>false</code>: stop. Keep <code>change_cutoff</code>, {cutoff}, as{' '}
                <code>since.version</code> for the next sync.
              </>
            ),
          },
        ]);
        setCursor({
          ...cursor,
          since: cutoff,
          pages,
          pulled: [...cursor.pulled, ...records.map((r) => r.observation_id)],
          done: !hasMore,
        });
      } else if (!cursor.manifest) {
        const {request, shown, json} = await call(
          'getAttachmentManifest',
          '/attachments/manifest',
          {client_id: CLIENT_ID, since_version: 0},
          cursor.token,
        );
        setSteps([
          ...steps,
          {
            title: `${steps.length + 1}. Get the attachment manifest`,
            request,
            shown,
            next: !(json.operations as unknown[] | null)?.length ? (
              <>
                No operation to apply: the server of this release never lists one (
                <Link to={knownIssueHref(knownIssues, 'attachment-manifest-empty')}>Known issues</Link>). Download the
                attachments your pulled records name with <code>GET /attachments/{'{attachment_id}'}</code>. The sync is
                complete.
              </>
            ) : (
              <>
                Download each <code>download</code> operation&apos;s file from its <code>download_url</code> (
                {String(json.total_download_size)} bytes in all), delete the files of the <code>delete</code>{' '}
                operations, then keep <code>current_version</code>, {String(json.current_version)}, as{' '}
                <code>since_version</code> for the next manifest. The sync is complete.
              </>
            ),
          },
        ]);
        setCursor({...cursor, manifest: true});
      }
    } finally {
      setPending(false);
    }
  }

  function startOver() {
    if (pending) return;
    resetSynkronus();
    setSteps([]);
    setCursor({token: '', pages: 0, pulled: [], done: false, manifest: false});
  }

  const distinct = new Set(cursor.pulled).size;
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
      <p role="status" className={styles.subtle}>
        {cursor.pages
          ? `Pulled ${cursor.pulled.length} records in ${cursor.pages} page${cursor.pages > 1 ? 's' : ''}, ${distinct} distinct.`
          : 'Nothing pulled yet.'}
      </p>
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
