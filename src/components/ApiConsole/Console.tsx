/**
 * The "Try it" console of one operation, and the sync playground: the lazily loaded part (./lazy.ts).
 * Requests are answered by the in-browser Synkronus of ./session.ts: nothing leaves the page. "Copy as
 * curl" gives the same request for a real server at the address the reader types.
 */
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {toCurl, type RequestSample} from '@site/src/api/curl';
import type {ContractOperation} from '@site/src/api/synkronus/contract';
import {MOCK_ORIGIN, ResponseView, SaveSession, SeedNote, showResponse, type Shown} from './Response';
import {DialectSwitch, useSession} from './Dialect';
import {contract, expireTokens, resetSynkronus, send, startSession, tokenOwner} from './session';
import styles from './styles.module.css';

const DEFAULT_SERVER = 'http://localhost:8080';
const useAuth = () => useSession().auth;
const operationById = (operationId: string) => contract.operations.find((op) => op.operationId === operationId)!;

function Session(): ReactNode {
  const auth = useAuth();
  const owner = tokenOwner(auth.token);
  return (
    <div className={styles.session}>
      <p>
        {owner ? (
          <>
            Logged in as <code>{owner.username}</code>, role in use <strong>{owner.role}</strong>.
          </>
        ) : auth.token ? (
          'The token of the last login has expired or is no longer valid: log in again.'
        ) : (
          <>
            Not logged in: send <Link to="#operation/login">Log in</Link> first (its example logs in as{' '}
            <code>fieldworker</code>).
          </>
        )}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button--sm button--secondary" onClick={expireTokens}>
          Expire the tokens
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={resetSynkronus}>
          Reset to the seed
        </button>
      </div>
    </div>
  );
}

type Inputs = {params: Record<string, string>; token: string; body: string; files: Record<string, File | undefined>};

function buildRequest(
  op: ContractOperation,
  inputs: Inputs,
  origin: string,
): {request: Request; sample: RequestSample; bodyError?: string} {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  const sampleHeaders: Record<string, string> = {};
  for (const parameter of op.parameters) {
    const value = inputs.params[`${parameter.in}:${parameter.name}`] ?? '';
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (value === '') continue;
    else if (parameter.in === 'query') query.set(parameter.name, value);
    else if (parameter.in === 'header') {
      headers.set(parameter.name, value);
      sampleHeaders[parameter.name] = value;
    }
  }
  const pathAndQuery = `${path}${query.size ? `?${query}` : ''}`;
  if (!op.isPublic && inputs.token) {
    headers.set('Authorization', `Bearer ${inputs.token}`);
    sampleHeaders.Authorization = 'Bearer $TOKEN';
  }
  const sample: RequestSample = {operationId: op.operationId, method: op.method, pathAndQuery, headers: sampleHeaders};
  let body: BodyInit | undefined;
  let bodyError: string | undefined;
  if (op.body?.mediaType === 'application/json' && inputs.body.trim() !== '') {
    headers.set('Content-Type', 'application/json');
    body = inputs.body;
    sample.headers['Content-Type'] = 'application/json';
    try {
      sample.jsonBody = JSON.parse(inputs.body);
    } catch (error) {
      // Sent as typed (the mock answers 400), but never quoted into a curl command as a JSON string.
      bodyError = (error as Error).message;
    }
  } else if (op.body?.mediaType === 'multipart/form-data') {
    const form = new FormData();
    sample.files = [];
    for (const field of op.body.files ?? []) {
      const file = inputs.files[field];
      if (file) {
        form.append(field, file, file.name);
        sample.files.push({field, fileName: file.name});
      }
    }
    body = form;
  }
  return {request: new Request(`${origin}${pathAndQuery}`, {method: op.method, headers, body}), sample, bodyError};
}

/** The console of one operation. */
export function ConsolePanel({operationId}: {operationId: string}): ReactNode {
  // The API reference shows what the description states: its consoles start there unless the reader chose.
  startSession('description');
  const op = operationById(operationId);
  const id = useId();
  const auth = useAuth();
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [`${p.in}:${p.name}`, p.example ?? ''])),
  );
  // A token the reader typed counts only until the next login replaces the session's token.
  const [typedToken, setTypedToken] = useState<{forToken: string | undefined; value: string}>();
  const token = typedToken && typedToken.forToken === auth.token ? typedToken.value : auth.token;
  const [body, setBody] = useState(op.body?.mediaType === 'application/json' ? (op.body.example ?? '') : '');
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [server, setServer] = useState(DEFAULT_SERVER);
  const [shown, setShown] = useState<Shown>();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const [answers, setAnswers] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [copied, setCopied] = useState('');
  const inputs: Inputs = {params, token, body, files};
  /** The curl command, or why there is none: a body that is not JSON has no faithful command. */
  const curl = useMemo(() => {
    const {sample, bodyError} = buildRequest(op, {params, token, body, files}, MOCK_ORIGIN);
    return bodyError ? {bodyError} : {command: toCurl(sample, server.replace(/\/+$/, ''))};
  }, [op, params, token, body, files, server]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Send stays focusable while a request is pending: a second Enter must not send again.
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailure(undefined);
    try {
      const {request} = buildRequest(op, inputs, MOCK_ORIGIN);
      setShown(await showResponse(op, await send(request, op.operationId)));
    } catch (error) {
      setShown(undefined);
      setFailure(`The request could not be made: ${(error as Error).message}`);
    } finally {
      inFlight.current = false;
      setPending(false);
      setAnswers((n) => n + 1);
    }
  }

  async function copy() {
    if (curl.command === undefined) {
      setCopied('Nothing copied: the request body is not valid JSON.');
      return;
    }
    try {
      await navigator.clipboard.writeText(curl.command);
      setCopied('Copied.');
    } catch {
      setCopied('Copying is not allowed here: select the command and copy it.');
    }
  }

  return (
    <div className={styles.panel}>
      <p>
        Answered by the <strong>in-browser Synkronus</strong>, an engine made from this API description that runs in
        this page: nothing is sent over the network, and what you create stays until you reset it or leave the page. It
        answers as the server of the release these docs cover does, or as the description says: each answer names its
        dialect and says when the other would answer otherwise.
      </p>
      <DialectSwitch />
      <SeedNote />
      <SaveSession />
      {op.isPublic ? null : <Session />}
      {/* The roles that may make the call are stated once, in the operation's access facts above. */}
      {op.rolesUnspecified ? (
        <p className={styles.subtle}>
          The description does not say whether the role{op.rolesUnspecified.length > 1 ? 's' : ''}{' '}
          {op.rolesUnspecified.join(', ')} may make this call: answering as the description, the console says so instead
          of inventing an answer; the server of the release lets an admin push.
        </p>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} className={styles.form}>
        {op.isPublic ? null : (
          <div className={styles.field}>
            <label htmlFor={`${id}-token`}>Bearer token</label>
            <input
              id={`${id}-token`}
              type="text"
              value={token}
              onChange={(e) => setTypedToken({forToken: auth.token, value: e.target.value})}
              spellCheck={false}
              autoComplete="off"
            />
          </div>
        )}
        {op.parameters.map((parameter) => {
          const key = `${parameter.in}:${parameter.name}`;
          return (
            <div className={styles.field} key={key}>
              <label htmlFor={`${id}-${key}`}>
                {parameter.name}{' '}
                <span className={styles.subtle}>
                  (in {parameter.in}
                  {parameter.required ? ', required' : ''}
                  {parameter.example !== undefined && parameter.in !== 'path'
                    ? `, for example ${parameter.example}`
                    : ''}
                  )
                </span>
              </label>
              <input
                id={`${id}-${key}`}
                type="text"
                value={params[key] ?? ''}
                onChange={(e) => setParams({...params, [key]: e.target.value})}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
          );
        })}
        {op.body?.mediaType === 'application/json' ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>Request body (JSON)</label>
            <textarea
              id={`${id}-body`}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={Math.min(16, body.split('\n').length + 1)}
              spellCheck={false}
            />
          </div>
        ) : null}
        {op.body?.mediaType === 'multipart/form-data'
          ? (op.body.files ?? []).map((field) => (
              <div className={styles.field} key={field}>
                <label htmlFor={`${id}-file-${field}`}>
                  {field} <span className={styles.subtle}>(file, multipart field)</span>
                </label>
                <input
                  id={`${id}-file-${field}`}
                  type="file"
                  onChange={(e) => setFiles({...files, [field]: e.target.files?.[0]})}
                />
              </div>
            ))
          : null}
        <div className={styles.actions}>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body. */}
          <button
            type="submit"
            className={clsx('button button--primary', pending && 'disabled')}
            aria-disabled={pending}>
            Send
          </button>
        </div>
      </form>
      <ResponseView of={op.summary} shown={shown} pending={pending} error={failure} answers={answers} />
      <div className={styles.curl}>
        <p className={styles.responseTitle}>The same request for a real server</p>
        <div className={styles.field}>
          <label htmlFor={`${id}-server`}>Server URL</label>
          <input
            id={`${id}-server`}
            type="url"
            value={server}
            onChange={(e) => setServer(e.target.value)}
            spellCheck={false}
            autoComplete="url"
          />
        </div>
        {curl.command !== undefined ? (
          <pre className={styles.code} tabIndex={0} aria-label="curl command">
            <code>{curl.command}</code>
          </pre>
        ) : (
          <p className={styles.invalid}>
            The request body is not valid JSON ({curl.bodyError}), so there is no curl command for it: correct the body
            to get one.
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="button button--sm button--secondary" onClick={() => void copy()}>
            Copy as curl
          </button>
          <span role="status">{copied}</span>
        </div>
        <p className={styles.subtle}>
          The console never sends anything to that server: run the command yourself, with <code>TOKEN</code> set to a
          token of that server.
        </p>
      </div>
    </div>
  );
}

export {Playground} from './Playground';
