/**
 * The API reference page (/api), rendered at build time from the model that
 * src/plugins/api projects from the API model and passes as the route's props: the
 * introduction, every operation grouped by tag, and every schema, in the site's layout and colour
 * modes, readable with JavaScript off. Its primary colour is indigo (#3f51b5; #9fa8da in dark mode).
 */
import {useEffect, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {useLocation} from '@docusaurus/router';
import ReleaseNote from '@site/src/components/ReleaseNote';
import type {ApiReferenceModel} from '@site/src/api/model/page';
import {schemaAnchor} from '@site/src/api/anchors';
import Html from './Html';
import Nav from './Nav';
import Operation from './Operation';
import {SchemaTree} from './Schema';
import styles from './styles.module.css';

/** Servers and authentication schemes of the description, under the lead. */
function Basics({reference}: {reference: ApiReferenceModel}): ReactNode {
  return (
    <dl className={styles.facts}>
      {reference.servers.map((server) => (
        <div key={server.url} className={styles.factGroup}>
          <dt>Server</dt>
          <dd>
            <code>{server.url}</code>
            <Html html={server.description} />
            {server.variables ? (
              <ul className={styles.constraints}>
                {server.variables.map((variable) => (
                  <li key={variable.name}>
                    <code>{variable.name}</code>, default <code>{variable.default}</code>
                    {variable.description ? (
                      <>
                        {': '}
                        <Html html={variable.description} className={styles.inlineProse} />
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </dd>
        </div>
      ))}
      {reference.securitySchemes.map((scheme) => (
        <div key={scheme.name} className={styles.factGroup}>
          <dt>
            Authentication <code>{scheme.name}</code>
          </dt>
          <dd>
            {[scheme.type, scheme.scheme, scheme.bearerFormat].filter(Boolean).join(', ')}
            <Html html={scheme.description} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Opens the folded fields of the schema whose heading has the id `id` (`schema/<Name>`), if it is one. */
function openSchemaFields(id: string): void {
  if (!id.startsWith(schemaAnchor(''))) return;
  const fields = document.getElementById(id)?.parentElement?.querySelector(':scope > div > details');
  if (fields instanceof HTMLDetailsElement) fields.open = true;
}

/**
 * Opens the fields of the schema the address points at (`#schema/<Name>`), which the Schemas section draws
 * folded: on arrival, on a link within the page and on a search result, also when the address already
 * names that schema (the reader folded it, went on reading and follows a link to it again: the browser
 * then changes nothing in the address, so the link's click is what tells). Without JavaScript the reader
 * opens them with one more click.
 */
function useOpenTargetedSchema(): void {
  // A new location on every navigation, also to the same address (a search result for the schema named).
  const location = useLocation();
  useEffect(() => {
    const open = () => openSchemaFields(decodeURIComponent(window.location.hash.slice(1)));
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.pathname !== window.location.pathname) return;
      openSchemaFields(decodeURIComponent(link.hash.slice(1)));
    };
    open();
    window.addEventListener('hashchange', open);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', open);
      document.removeEventListener('click', onClick);
    };
  }, [location]);
}

export default function ApiReference({reference}: {reference: ApiReferenceModel}): ReactNode {
  const {title, version} = reference;
  // The old ids of the operations (tag/<Tag>/operation/<id>) are targets of links too.
  const brokenLinks = useBrokenLinks();
  for (const tag of reference.tags)
    for (const op of tag.operations) if (op.legacyAnchor) brokenLinks.collectAnchor(op.legacyAnchor);
  useOpenTargetedSchema();

  return (
    <Layout
      title={title}
      description={`Reference of the ${title} ${version}: every call with its roles, parameters, responses, examples and schemas.`}>
      <main className={clsx('container', styles.reference)}>
        {/* Header, then navigation, then content: one column on a phone, the navigation beside both on a wide screen. */}
        <div className={styles.layout}>
          <header className={styles.header}>
            <Heading as="h1">
              {title} ({version})
            </Heading>
            {/* No text node of a lone space here (as in ReleaseNote): one counted as a layout shift while the page streamed in. */}
            <p>
              {`OpenAPI ${reference.openapi} description: `}
              <a href={reference.downloadUrl} download>
                Download
              </a>
              {reference.license ? (
                <>
                  {' · License: '}
                  {reference.license.url ? (
                    <a href={reference.license.url}>{reference.license.name}</a>
                  ) : (
                    reference.license.name
                  )}
                </>
              ) : null}
            </p>
            <ReleaseNote />
          </header>
          <Nav reference={reference} />
          <div className={styles.content}>
            <Html html={reference.lead} />
            <Basics reference={reference} />

            {reference.sections.map((section) => (
              <section key={section.anchor} className={styles.section}>
                <Heading as="h2" id={section.anchor}>
                  {section.title}
                </Heading>
                <Html html={section.html} />
              </section>
            ))}

            {reference.tags.map((tag) => (
              <section key={tag.anchor} className={styles.tag}>
                <Heading as="h2" id={tag.anchor}>
                  {tag.name}
                </Heading>
                <Html html={tag.description} />
                {tag.operations.map((operation) => (
                  <Operation key={operation.anchor} operation={operation} />
                ))}
              </section>
            ))}

            <section className={styles.tag}>
              <Heading as="h2" id={reference.schemasAnchor}>
                Schemas
              </Heading>
              {reference.schemas.map((entry) => (
                <section key={entry.anchor} className={styles.schemaSection}>
                  <Heading as="h3" id={entry.anchor}>
                    {entry.name}
                  </Heading>
                  <SchemaTree node={entry.schema} foldedAs={entry.name} />
                </section>
              ))}
            </section>
          </div>
        </div>
      </main>
    </Layout>
  );
}
