/**
 * The console's request as a curl command for a real server at the address the reader types, with a button
 * that copies it. The console itself never sends anything to that server.
 */
import {useMemo, useState, type ReactNode} from 'react';
import {toCurl} from '@site/src/api/curl';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {buildRequest, type Inputs} from './request';
import {MOCK_ORIGIN} from './Response';
import styles from './styles.module.css';

const DEFAULT_SERVER = 'http://localhost:8080';

/** `id`: the console's own id, which the ids of its fields start with. */
export function CurlCommand({op, inputs, id}: {op: ContractOperation; inputs: Inputs; id: string}): ReactNode {
  const [server, setServer] = useState(DEFAULT_SERVER);
  const [copied, setCopied] = useState('');
  const {params, token, body, files} = inputs;
  /** The curl command, or why there is none: a body that is not JSON has no faithful command. */
  const curl = useMemo(() => {
    const {sample, bodyError} = buildRequest(op, {params, token, body, files}, MOCK_ORIGIN);
    return bodyError ? {bodyError} : {command: toCurl(sample, server.replace(/\/+$/, ''))};
  }, [op, params, token, body, files, server]);

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
          The request body is not valid JSON ({curl.bodyError}), so there is no curl command for it: correct the body to
          get one.
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
  );
}
