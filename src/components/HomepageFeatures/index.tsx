import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

type Component = {title: string; to: string; description: string};

const components: Component[] = [
  {
    title: 'Formulus',
    to: '/docs/documentation/formulus/',
    description:
      'The Android app for field workers: forms and your own custom app, observations stored on the device, sync when a network is there.',
  },
  {
    title: 'Synkronus',
    to: '/docs/documentation/synkronus/',
    description:
      'The sync server: observations in PostgreSQL, attachments on disk, versioned app bundles, users and roles, Parquet export.',
  },
  {
    title: 'synk',
    to: '/docs/documentation/synkronus-cli/cli',
    description:
      'The command-line tool for administrators: log in, manage users, upload and activate app bundles, export data.',
  },
];

export default function HomepageFeatures(): ReactNode {
  return (
    <section className={styles.features} aria-label="ODE components">
      <div className="container">
        <div className="row">
          {components.map((c) => (
            <div key={c.title} className="col col--4">
              <div className={styles.card}>
                <Heading as="h2">
                  <Link to={c.to}>{c.title}</Link>
                </Heading>
                <p>{c.description}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
