import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
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
            <div className={styles.buttons}>
              <Link className="button button--primary button--lg" to="/docs/ODE">
                Read the overview
              </Link>
              <Link className="button button--secondary button--lg" to="/docs/category/quick-start">
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
