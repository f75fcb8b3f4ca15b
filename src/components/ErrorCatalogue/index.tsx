/**
 * The error catalogue of the Synkronus API, generated at build time from the API description
 * (src/plugins/api-reference-data): every error status with its meaning and the calls that return it,
 * then the fields and an example of each of the two error body shapes.
 */
import React from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import apiReferenceData from '@generated/api-reference-data/default/api-reference-data.json';
import type {BodyShape} from '@site/src/plugins/api-reference-data/data';
import {API_ROUTE} from '@site/site.constants';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

function Shape({shape}: {shape: BodyShape}): React.JSX.Element {
  return (
    <div className={styles.shape}>
      <ScrollableTable>
        <caption>
          <code>{shape.name}</code>: {shape.description}
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {shape.fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.type}</td>
              <td>{field.required ? 'yes' : 'no'}</td>
              <td>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <CodeBlock language="json" title={`Example ${shape.name}`}>
        {JSON.stringify(shape.example, null, 2)}
      </CodeBlock>
    </div>
  );
}

export default function ErrorCatalogue(): React.JSX.Element {
  const {errorCatalogue} = apiReferenceData;
  return (
    <>
      <ScrollableTable>
        <caption>Error statuses of the Synkronus API and the calls that return them</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
            <th scope="col">Returned by</th>
          </tr>
        </thead>
        <tbody>
          {errorCatalogue.statuses.map((entry) => (
            <tr key={entry.status}>
              <th scope="row">{entry.status}</th>
              <td>{entry.meaning}</td>
              <td>
                <ul className={styles.calls}>
                  {entry.operations.map((op) => (
                    <li key={op.operationId}>
                      <Link to={`${API_ROUTE}#operation/${op.operationId}`}>
                        <code>
                          {op.method} {op.path}
                        </code>
                      </Link>
                      : {op.description}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      {errorCatalogue.bodyShapes.map((shape) => (
        <Shape key={shape.name} shape={shape} />
      ))}
    </>
  );
}
