/** One operation of the reference: its call, access, parameters, request body, responses and samples. */
import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import type {MediaModel, OperationModel, ParameterModel, ResponseModel} from '@site/src/api/model/page';
import Html, {singleParagraph} from './Html';
import {Constraints, Flags, SchemaTree, TypeLabel} from './Schema';
import styles from './styles.module.css';
import TryIt from '@site/src/components/ApiConsole/TryIt';

/** The method as a label, in its own colour. */
export function Method({method, small}: {method: string; small?: boolean}): ReactNode {
  return <span className={clsx(styles.method, styles[`method${method}`], small && styles.methodSmall)}>{method}</span>;
}

/** Code a reader copies: scrolls sideways inside its box when a line is long, and takes the focus so the keyboard can scroll it. */
export function CodeBox({code}: {code: string}): ReactNode {
  return (
    <pre className={styles.code} tabIndex={0}>
      <code>{code}</code>
    </pre>
  );
}

function Parameter({parameter}: {parameter: ParameterModel}): ReactNode {
  const {schema} = parameter;
  return (
    <li className={styles.field}>
      <div className={styles.fieldHead}>
        <code className={styles.fieldName}>{parameter.name}</code> <span className={styles.in}>in {parameter.in}</span>{' '}
        {schema ? (
          <span className={styles.type}>
            <TypeLabel node={schema} />
          </span>
        ) : null}{' '}
        <Flags
          required={parameter.required}
          node={{...schema, deprecated: parameter.deprecated ?? schema?.deprecated}}
        />
      </div>
      <Html html={parameter.description} />
      {schema ? (
        <Constraints node={{...schema, example: parameter.siteExample ? undefined : parameter.example}} />
      ) : null}
      {parameter.siteExample ? (
        <p className={styles.siteExample}>
          The site&apos;s example (ODE&apos;s file gives none): <code>{parameter.example}</code>
        </p>
      ) : null}
    </li>
  );
}

/** A body in one media type: its schema as a tree, and its example as sent. */
function Body({media}: {media: MediaModel}): ReactNode {
  return (
    <div className={styles.media}>
      <p className={styles.mediaType}>
        Content type <code>{media.mediaType}</code>
        {media.encoding?.map(({field, contentType}) => (
          <span key={field}>
            ; field <code>{field}</code> as <code>{contentType}</code>
          </span>
        ))}
      </p>
      {media.schema ? <SchemaTree node={media.schema} /> : null}
      {media.example !== undefined ? (
        <>
          <p className={styles.partsLabel}>
            {media.siteExample ? "Example: the site's, ODE's file gives none" : 'Example'}
          </p>
          <CodeBox code={media.example} />
        </>
      ) : null}
    </div>
  );
}

/** A 2xx or 3xx status: the call did what was asked. */
const isSuccess = (status: string) => /^[23]/.test(status);

function statusClass(status: string): string | undefined {
  if (isSuccess(status)) return styles.statusSuccess;
  if (/^[45]/.test(status)) return styles.statusError;
  return undefined;
}

/** A status with its reason phrase, as a reader scans for it: "401 Unauthorized". */
const statusLine = ({status, reason}: ResponseModel) => (reason ? `${status} ${reason}` : status);

function Response({response}: {response: ResponseModel}): ReactNode {
  const inline = singleParagraph(response.description);
  return (
    <details className={styles.response} open={isSuccess(response.status)}>
      <summary>
        <span className={clsx(styles.status, statusClass(response.status))}>{response.status}</span>
        {response.reason ? <span className={styles.reason}> {response.reason}</span> : null}
        {inline ? (
          <>
            {': '}
            <span dangerouslySetInnerHTML={{__html: inline}} />
          </>
        ) : null}
      </summary>
      <div className={styles.responseBody}>
        {inline ? null : <Html html={response.description} />}
        {response.headers ? (
          <>
            <p className={styles.partsLabel}>Headers</p>
            <ul className={styles.fields}>
              {response.headers.map((header) => (
                <li key={header.name} className={styles.field}>
                  <div className={styles.fieldHead}>
                    <code className={styles.fieldName}>{header.name}</code>{' '}
                    {header.schema ? (
                      <span className={styles.type}>
                        <TypeLabel node={header.schema} />
                      </span>
                    ) : null}{' '}
                    <Flags required={header.required} />
                  </div>
                  <Html html={header.description} />
                  {header.schema ? <Constraints node={{...header.schema, example: header.example}} /> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {response.content?.map((media) => (
          <Body key={media.mediaType} media={media} />
        ))}
        {!response.content && !response.headers && !response.description ? <p>No body.</p> : null}
      </div>
    </details>
  );
}

/**
 * The operation's responses: the successful ones open; the others under one fold that names them, each
 * folded again. The fold's line keeps every status in view, and the page lays out one line per operation
 * for them instead of one per status.
 */
function Responses({responses}: {responses: ResponseModel[]}): ReactNode {
  const others = responses.filter((response) => !isSuccess(response.status));
  return (
    <>
      {responses
        .filter((response) => isSuccess(response.status))
        .map((response) => (
          <Response key={response.status} response={response} />
        ))}
      {others.length ? (
        <details className={styles.response}>
          <summary>Error responses: {others.map(statusLine).join(', ')}</summary>
          <div className={styles.responseBody}>
            {others.map((response) => (
              <Response key={response.status} response={response} />
            ))}
          </div>
        </details>
      ) : null}
    </>
  );
}

/** Whether a token is needed, and which roles may make the call: a line each, its label first. */
function Access({operation}: {operation: OperationModel}): ReactNode {
  return (
    <dl className={styles.access}>
      <div>
        <dt>Token</dt>
        <dd>
          {operation.isPublic ? (
            'not needed'
          ) : (
            <>
              required (
              {operation.security?.map((name) => (
                <code key={name}>{name}</code>
              ))}
              , see <Link to="#section/Authentication">Authentication</Link>)
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Roles</dt>
        <dd>
          {operation.isPublic ? (
            'any caller, no token needed'
          ) : operation.roles ? (
            <>
              {operation.roles.map((role, index) => (
                <Fragment key={role}>
                  {index > 0 ? ', ' : null}
                  <code>{role}</code>
                </Fragment>
              ))}
              {operation.rolesUnspecified ? (
                <>
                  ; not listed:{' '}
                  {operation.rolesUnspecified.map((role, index) => (
                    <Fragment key={role}>
                      {index > 0 ? ', ' : null}
                      <code>{role}</code>
                    </Fragment>
                  ))}
                </>
              ) : null}{' '}
              (<Link to="#section/Roles">Roles</Link>)
            </>
          ) : (
            'none listed'
          )}
        </dd>
      </div>
      {operation.operationId ? (
        <div>
          <dt>Operation ID</dt>
          <dd>
            <code>{operation.operationId}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export default function Operation({operation}: {operation: OperationModel}): ReactNode {
  const {requestBody} = operation;
  return (
    <section className={styles.operation}>
      {operation.legacyAnchor ? <span id={operation.legacyAnchor} className={styles.legacyAnchor} /> : null}
      <Heading as="h3" id={operation.anchor} className={styles.operationTitle}>
        {operation.summary}
      </Heading>
      <p className={styles.endpoint}>
        <Method method={operation.method} /> <code className={styles.path}>{operation.path}</code>
        {operation.deprecated ? <span className={styles.flag}>deprecated</span> : null}
      </p>
      <Access operation={operation} />
      {operation.operationId ? (
        <TryIt className={styles.tryIt} operationId={operation.operationId} summary={operation.summary} />
      ) : null}
      <Html html={operation.description} />

      {operation.parameters ? (
        <>
          <Heading as="h4">Parameters</Heading>
          <ul className={styles.fields}>
            {operation.parameters.map((parameter) => (
              <Parameter key={`${parameter.in}:${parameter.name}`} parameter={parameter} />
            ))}
          </ul>
        </>
      ) : null}

      {requestBody ? (
        <>
          <Heading as="h4">
            Request body <span className={styles.subtle}>({requestBody.required ? 'required' : 'optional'})</span>
          </Heading>
          <Html html={requestBody.description} />
          {requestBody.content.map((media) => (
            <Body key={media.mediaType} media={media} />
          ))}
        </>
      ) : null}

      <Heading as="h4">Responses</Heading>
      <Responses responses={operation.responses} />

      <Heading as="h4">Samples</Heading>
      <p className={styles.partsLabel}>curl</p>
      <CodeBox code={operation.curl} />
      {operation.synk ? (
        <>
          <p className={styles.partsLabel}>synk, the command-line tool</p>
          <p>
            <Link to={operation.synk.href}>
              <code>{operation.synk.usage}</code>
            </Link>{' '}
            makes this call.
          </p>
          {operation.synk.note ? <p className={styles.subtle}>Note: {operation.synk.note}</p> : null}
        </>
      ) : null}
    </section>
  );
}
