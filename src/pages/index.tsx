import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
import {EnsembleDiagram} from '@site/src/components/HomepageFeatures/icons';
import styles from './index.module.css';

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Home" description={siteConfig.tagline}>
      {/* The hero sits inside <main>: a top-level <header> would be a second banner landmark
          beside the announcement bar (axe: landmark-no-duplicate-banner). */}
      <main>
        <header className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.title}
            </Heading>
            <p className={styles.tagline}>{siteConfig.tagline}</p>
            <p className={styles.lead}>
              ODE is an open-source toolkit for collecting data in the field, offline first: an Android app for field
              workers, a sync server you run, and a command-line tool for administrators.
            </p>
            <figure className={styles.figure}>
              <EnsembleDiagram className={styles.diagram} />
              <figcaption className={styles.caption}>
                Formulus on the phone ⇄ Synkronus → PostgreSQL and disk
              </figcaption>
            </figure>
            <div className={styles.buttons}>
              <Link className="button button--primary button--lg" to="/docs/ODE">
                Read the overview
              </Link>
              <Link className="button button--secondary button--lg" to="/docs/quick-start/">
                Quick start
              </Link>
            </div>
          </div>
        </header>
        <HomepageFeatures />
      </main>
    </Layout>
  );
}
