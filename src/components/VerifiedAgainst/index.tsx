import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {MONOREPO_URL} from '@site/site.constants';
import styles from './styles.module.css';

/**
 * "Verified against ODE <release>" at the foot of a docs page (front matter `ode_release`), with the ODE files,
 * at that tag, its facts were checked with (front matter `verified_with`). A <details> element: no script.
 */
export default function VerifiedAgainst({release, files}: {release: string; files: string[]}): ReactNode {
  const sourceUrl = (path: string) => `${MONOREPO_URL}/blob/${release}/${path}`;
  return (
    <aside className={styles.verified} aria-label="Verification">
      <p className={styles.release}>
        Verified against ODE <Link href={`${MONOREPO_URL}/tree/${release}`}>{release}</Link>
      </p>
      {files.length > 0 && (
        <details>
          <summary>
            Checked with {files.length} upstream file{files.length === 1 ? '' : 's'} at {release}
          </summary>
          <ul>
            {files.map((file) => (
              <li key={file}>
                <Link href={sourceUrl(file)}>
                  <code>{file}</code>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
