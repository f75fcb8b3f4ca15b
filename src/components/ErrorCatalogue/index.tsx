/**
 * The error catalogue of the Synkronus API, generated at build time from the API description
 * (src/plugins/api, src/api/model/tables.ts): every error status once, with its meaning and the calls that return
 * it grouped by reason (each reason said once), then the fields and an example of each of the two error
 * body shapes. The description's texts arrive as inline HTML rendered from its Markdown at build time
 * (raw HTML escaped), so no backtick or asterisk of the source shows.
 */
import React from 'react';
import CallLink from '@site/src/components/CallLink';
import CodeBlock from '@theme/CodeBlock';
import apiReferenceData from '@generated/api/synkronus/tables.json';
import type {BodyShape, InlineHtml, OperationRef} from '@site/src/api/model/tables';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

/** Inline HTML of the description, the same string on the server and in the browser. */
function Inline({html}: {html: InlineHtml}): React.JSX.Element {
  return <span dangerouslySetInnerHTML={{__html: html}} />;
}

function Calls({operations}: {operations: OperationRef[]}): React.JSX.Element {
  return (
    <ul className={styles.calls}>
      {operations.map((op) => (
        <li key={op.operationId}>
          <CallLink call={op} />
        </li>
      ))}
    </ul>
  );
}

function Shape({shape}: {shape: BodyShape}): React.JSX.Element {
  return (
    <div className={styles.shape}>
      <ScrollableTable>
        <caption>
          <code>{shape.name}</code>, sent as{' '}
          {shape.mediaTypes.map((type, index) => (
            <React.Fragment key={type}>
              {index ? ' or ' : ''}
              <code>{type}</code>
            </React.Fragment>
          ))}
          {shape.description ? (
            <>
              : <Inline html={shape.description} />
            </>
          ) : null}
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
              <td>
                <Inline html={field.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      {shape.example === undefined ? null : (
        <CodeBlock language="json" title={`Example ${shape.name}`}>
          {JSON.stringify(shape.example, null, 2)}
        </CodeBlock>
      )}
    </div>
  );
}

export default function ErrorCatalogue(): React.JSX.Element {
  const {errorCatalogue} = apiReferenceData;
  return (
    <>
      <ScrollableTable>
        <caption>Error statuses of the Synkronus API, each with the calls that return it and why</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
            <th scope="col">Calls that return it, by reason</th>
          </tr>
        </thead>
        <tbody>
          {errorCatalogue.statuses.map((entry) => (
            <tr key={entry.status}>
              <th scope="row">{entry.status}</th>
              <td>
                <Inline html={entry.meaning} />
              </td>
              <td>
                {entry.cases.map((group) => (
                  <div key={group.operations[0].operationId} className={styles.case}>
                    {group.reason && (
                      <p className={styles.reason}>
                        <Inline html={group.reason} />
                      </p>
                    )}
                    <p className={styles.reason}>
                      {group.body ? (
                        <>
                          Body: <code>{group.body.schema}</code> as <code>{group.body.mediaType}</code>
                        </>
                      ) : (
                        'No body documented'
                      )}
                    </p>
                    <Calls operations={group.operations} />
                  </div>
                ))}
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
