import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {ODE_API_VERSION, ODE_RELEASE} from '@site/site.constants';
import {KNOWN_ISSUES_PATH} from '@site/src/known-issues';
import styles from './styles.module.css';

/** Which ODE release and API version the API reference describes, and that later releases are not covered. */
export default function ReleaseNote(): ReactNode {
  return (
    <div className={`alert alert--info ${styles.note}`} role="note">
      {/* Each space sits inside its sentence's text: a text node of a lone space was seen to count as a layout
          shift while /api streams in on a slow link. */}
      {`This reference describes the Synkronus API ${ODE_API_VERSION}, which the server of ODE release `}
      <code>{ODE_RELEASE}</code>
      {' speaks. Later ODE releases changed the API (its paths moved under '}
      <code>/api/</code>
      {' and a version header is required) and are not covered. Where the server of '}
      <code>{ODE_RELEASE}</code>
      {' does otherwise than this description, see '}
      <Link to={KNOWN_ISSUES_PATH}>Known issues in {ODE_RELEASE}</Link>.
    </div>
  );
}
