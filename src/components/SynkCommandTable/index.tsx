import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
// Named imports: the bundler then leaves out the file's other keys ($comment).
import {binary, commands, globalFlags, groups} from '@site/data/synk-commands.json';
import type {SynkCommand, SynkCommandData, SynkFlag} from './types';
import ScrollableTable from '@site/src/components/ScrollableTable';
// The module alone, not the engine's index: the CLI page needs the map, not the engine.
// Ids and areas only, of the entries data/synk-commands.json links to: the page does not show their titles.
import knownIssueAreas from '@generated/known-issues/default/areas.json';
import {knownIssueHref} from '@site/src/known-issues';
import styles from './styles.module.css';

const data = {binary, commands, globalFlags, groups} as SynkCommandData;

/** The anchor of a command's row, e.g. "synk-app-bundle-upload". */
function commandAnchor(command: string): string {
  return `synk-${command.replace(/\s+/g, '-')}`;
}

/** A flag as it is typed, e.g. "-o, --output string". */
function flagSignature(flag: SynkFlag): ReactNode {
  return (
    <code>
      {flag.short ? `${flag.short}, ` : ''}
      {flag.long}
      {flag.value ? ` ${flag.value}` : ''}
    </code>
  );
}

function FlagLine({flag}: {flag: SynkFlag}): ReactNode {
  return (
    <li>
      {flagSignature(flag)}
      {flag.required ? <strong> (required)</strong> : null} {flag.description}
      {flag.default ? (
        <>
          {' '}
          Default: <code>{flag.default}</code>.
        </>
      ) : null}
    </li>
  );
}

function CommandRow({command}: {command: SynkCommand}): ReactNode {
  const anchor = commandAnchor(command.command);
  // The API reference (/api) links each call's command to its row: the build checks those links.
  useBrokenLinks().collectAnchor(anchor);
  return (
    <tr id={anchor}>
      <td>
        <code>
          {data.binary} {command.command}
          {command.args ? ` ${command.args}` : ''}
        </code>
      </td>
      <td>
        {command.flags.length === 0 ? (
          <span className={styles.none}>none</span>
        ) : (
          <ul className={styles.flags}>
            {command.flags.map((flag) => (
              <FlagLine key={flag.long} flag={flag} />
            ))}
          </ul>
        )}
      </td>
      <td>
        {command.description}
        {command.note || command.knownIssue ? (
          <p className={styles.note}>
            {command.note ? (
              <>
                <strong>Note:</strong> {command.note}{' '}
              </>
            ) : null}
            {command.knownIssue ? (
              <Link to={knownIssueHref(knownIssueAreas, command.knownIssue)}>
                Known issue of {data.binary} {command.command}
              </Link>
            ) : null}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** The group a command belongs to, or "" for a top-level command. */
function groupOf(command: SynkCommand): string {
  const first = command.command.split(' ')[0];
  return data.groups.some((g) => g.name === first) ? first : '';
}

/**
 * The reference tables of synk, rendered from data/synk-commands.json.
 * kind="commands" (default): every command with its arguments and flags, top-level commands first,
 * then one block per command group. kind="global-flags": the flags every command accepts.
 */
export default function SynkCommandTable({kind = 'commands'}: {kind?: 'commands' | 'global-flags'}): ReactNode {
  if (kind === 'global-flags') {
    return (
      <ScrollableTable className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">Default</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {data.globalFlags.map((flag) => (
            <tr key={flag.long}>
              <td>{flagSignature(flag)}</td>
              <td>{flag.default ? <code>{flag.default}</code> : <span className={styles.none}>none</span>}</td>
              <td>{flag.description}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    );
  }

  const sections = [
    {name: '', description: 'Top-level commands'},
    ...data.groups.map((g) => ({name: g.name, description: `${data.binary} ${g.name}: ${g.description}`})),
  ];
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Command</th>
          <th scope="col">Flags</th>
          <th scope="col">What it does</th>
        </tr>
      </thead>
      {sections.map((section) => (
        <tbody key={section.name || 'top'}>
          <tr className={styles.groupRow}>
            <th scope="colgroup" colSpan={3}>
              {section.description}
            </th>
          </tr>
          {data.commands
            .filter((c) => groupOf(c) === section.name)
            .map((c) => (
              <CommandRow key={c.command} command={c} />
            ))}
        </tbody>
      ))}
    </ScrollableTable>
  );
}
