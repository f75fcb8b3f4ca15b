/**
 * The dialect switch of the console and the playground, and what an answer says about where it came from:
 * the dialect, the Known issues that shaped it, and how the other dialect would answer the same request.
 */
import Link from '@docusaurus/Link';
import {useId, useSyncExternalStore, type ReactNode} from 'react';
import {DIALECTS, DOCUMENTED_RELEASE, type DialectName, type Exchange} from 'synkronus-mock/src';
import {getSession, setDialect, subscribeSession} from './session';
import styles from './styles.module.css';

/** How the console names a dialect: the description, or the server of a release. */
export const dialectLabel = (dialect: DialectName): string =>
  dialect === 'description' ? 'as the API description 1.0.3 says' : `as the server of ODE ${dialect} does`;

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession);

export function DialectSwitch(): ReactNode {
  const {dialect} = useSession();
  const name = useId();
  return (
    <fieldset className={styles.dialect}>
      <legend>Answer</legend>
      {/* The release the site documents first; which one is checked is the session's (./session.ts). */}
      {[...DIALECTS].reverse().map((d) => (
        <label key={d}>
          <input type="radio" name={name} value={d} checked={dialect === d} onChange={() => setDialect(d)} />{' '}
          {dialectLabel(d)}
          {d === DOCUMENTED_RELEASE.tag ? ' (the release these docs cover)' : ''}
        </label>
      ))}
    </fieldset>
  );
}

/** A text as one sentence: its own full stop kept, one added otherwise. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What the console says about one answer, beside its status. */
export type AnswerNotes = Pick<Exchange, 'dialect' | 'rules' | 'unspecified' | 'limit' | 'reason' | 'other'> & {
  status: number;
};

export function AnswerNotesView({notes}: {notes: AnswerNotes}): ReactNode {
  const {dialect, rules, unspecified, limit, reason, other} = notes;
  return (
    <ul className={styles.notes}>
      <li>Answered {dialectLabel(dialect)}.</li>
      {unspecified ? (
        <li>
          <strong>Not specified by the description:</strong> {unspecified}. The body says only that.
        </li>
      ) : null}
      {limit ? <li>A limit of this in-browser engine, not of a Synkronus server: {limit}.</li> : null}
      {reason ? <li>Why, in the engine&apos;s words (not the server&apos;s): {sentence(reason)}</li> : null}
      {other ? (
        <li>
          Answered {dialectLabel(other.dialect)}, this request gets{' '}
          {other.status !== notes.status ? null : other.sameBody ? (
            <>
              the same answer (<strong>{other.status}</strong>, the same body)
            </>
          ) : (
            <>
              another body (also <strong>{other.status}</strong>)
            </>
          )}
          {other.status === notes.status ? null : (
            <>
              <strong>{other.status}</strong> instead
            </>
          )}
          {other.rules.length ? ': see ' : '.'}
          {other.rules.map((rule, i) => (
            <span key={rule.id}>
              {i ? ', ' : ''}
              <Link to={rule.href}>{rule.title.replace(/`/g, '')}</Link>
            </span>
          ))}
          {other.rules.length ? ' in Known issues.' : ''}
        </li>
      ) : rules.length === 0 && !unspecified ? (
        <li>The other dialect answers this request the same way.</li>
      ) : null}
    </ul>
  );
}
