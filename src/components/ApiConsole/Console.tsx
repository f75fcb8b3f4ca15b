/**
 * The "Try it" console of one operation, and the sync playground: the lazily loaded part (./lazy.ts).
 * Requests are answered by the in-browser Synkronus of ./session.ts: nothing leaves the page. "Copy as
 * curl" gives the same request for a real server at the address the reader types.
 */
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {CurlCommand} from './CurlCommand';
import {DialectSwitch, useSession} from './Dialect';
import {buildRequest, type Inputs} from './request';
import {RequestFields, useInputs} from './RequestFields';
import {MOCK_ORIGIN, ResponseView, SaveSession, SeedNote, showResponse, type Shown} from './Response';
import {contract, expireTokens, resetSynkronus, send, startSession, tokenOwner} from './session';
import styles from './styles.module.css';

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

/** Sends a console's request to the in-browser Synkronus: the answer shown, or why there is none. */
function useSend(op: ContractOperation) {
  const [shown, setShown] = useState<Shown>();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const [answers, setAnswers] = useState(0);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: FormEvent, inputs: Inputs) {
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

  return {shown, pending, answers, failure, onSubmit};
}

/** What the console says when the description leaves open whether some roles may make the call. */
function UnspecifiedRoles({roles}: {roles: string[]}): ReactNode {
  return (
    <p className={styles.subtle}>
      The description does not list the role{roles.length > 1 ? 's' : ''} {roles.join(', ')} for this call, and says
      nothing of whether {roles.length > 1 ? 'they' : 'it'} may make it: answering as the description, the console says
      so instead of inventing an answer.
    </p>
  );
}

/** The console of one operation. */
export function ConsolePanel({operationId}: {operationId: string}): ReactNode {
  // The API reference shows what the description states: its consoles start there unless the reader chose.
  startSession('description');
  const op = operationById(operationId);
  const id = useId();
  const {inputs, edit} = useInputs(op);
  const {shown, pending, answers, failure, onSubmit} = useSend(op);

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
      {op.rolesUnspecified ? <UnspecifiedRoles roles={op.rolesUnspecified} /> : null}
      <form onSubmit={(event) => void onSubmit(event, inputs)} className={styles.form}>
        <RequestFields op={op} id={id} inputs={inputs} edit={edit} />
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
      <CurlCommand op={op} inputs={inputs} id={id} />
    </div>
  );
}

export {Playground} from './Playground';
