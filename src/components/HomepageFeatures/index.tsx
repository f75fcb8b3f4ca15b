import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {API_ROUTE} from '@site/site.constants';
import {PhoneIcon, ServerIcon, TerminalIcon} from './icons';
import styles from './styles.module.css';

type Component = {
  title: string;
  Icon: (props: {className?: string}) => ReactNode;
  to: string;
  description: string;
};

const components: Component[] = [
  {
    title: 'Formulus',
    Icon: PhoneIcon,
    to: '/docs/documentation/formulus/',
    description:
      'The Android app for field workers. It shows your own custom app and your forms, stores observations on the device so work goes on without a network, and syncs observations and photos when a connection is there.',
  },
  {
    title: 'Synkronus',
    Icon: ServerIcon,
    to: '/docs/documentation/synkronus/',
    description:
      'The sync server you run, as a Docker image next to PostgreSQL. It keeps observations and attachments, serves versioned app bundles to devices, manages users and roles, and exports data as Parquet.',
  },
  {
    title: 'synk',
    Icon: TerminalIcon,
    to: '/docs/documentation/synkronus-cli/cli',
    description:
      'The command-line tool for administrators: log in, manage users, upload and activate app bundle versions, make QR codes that set up phones, and export data.',
  },
];

type ReaderPath = {
  reader: string;
  goal: string;
  links: {label: string; to: string}[];
};

const paths: ReaderPath[] = [
  {
    reader: 'Deploying Synkronus',
    goal: 'Run the server with Docker Compose and PostgreSQL, keep its data on volumes, put it behind HTTPS and back it up.',
    links: [
      {label: 'Server quick start', to: '/docs/quick-start/synkronus-server'},
      {label: 'Configuration and deployment', to: '/docs/documentation/synkronus/#configuration-reference'},
    ],
  },
  {
    reader: 'Rolling out Formulus',
    goal: 'Install the app on field phones, connect them by QR code and run the first sync.',
    links: [
      {label: 'Formulus quick start', to: '/docs/quick-start/formulus-app'},
      {label: 'Pre-release with Obtainium', to: '/docs/quick-start/formulus-prerelease-android'},
    ],
  },
  {
    reader: 'Building a custom app',
    goal: 'Write forms in JSON Schema, build your own web app around them and publish both as an app bundle.',
    links: [
      {label: 'Custom app quick start', to: '/docs/quick-start/custom-app'},
      {label: 'App bundle reference', to: '/docs/documentation/synkronus/app-bundle'},
    ],
  },
  {
    reader: 'Integrating with the API',
    goal: 'Log in, pull and push observations, fetch attachments and export data from your own software.',
    links: [
      {label: 'API reference', to: API_ROUTE},
      {label: 'Synkronus architecture', to: '/docs/documentation/synkronus/#architecture'},
    ],
  },
  {
    reader: 'Contributing to these docs',
    goal: 'Run this site locally, write a page and run the checks that keep every command and example correct.',
    links: [{label: 'Docs site developer guide', to: '/docs/For-developers/docusaurus/intro'}],
  },
];

/** The home page body: what each component does, then the ways into the docs by kind of reader. */
export default function HomepageFeatures(): ReactNode {
  return (
    <>
      <section className={styles.section} aria-labelledby="components-heading">
        <div className="container">
          <Heading as="h2" id="components-heading" className={styles.sectionTitle}>
            Three instruments, one ensemble
          </Heading>
          <div className="row">
            {components.map(({title, Icon, to, description}) => (
              <div key={title} className="col col--4">
                <div className={styles.card}>
                  <Icon className={styles.icon} />
                  <Heading as="h3">
                    <Link to={to}>{title}</Link>
                  </Heading>
                  <p>{description}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className={`${styles.section} ${styles.paths}`} aria-labelledby="paths-heading">
        <div className="container">
          <Heading as="h2" id="paths-heading" className={styles.sectionTitle}>
            Find your way in
          </Heading>
          <ul className={styles.pathList}>
            {paths.map((path) => (
              <li key={path.reader} className={styles.path}>
                <Heading as="h3" className={styles.pathTitle}>
                  {path.reader}
                </Heading>
                <p>{path.goal}</p>
                <ul className={styles.pathLinks}>
                  {path.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
