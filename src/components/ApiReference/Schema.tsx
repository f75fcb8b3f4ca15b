/**
 * Schemas as trees: each field with its type, whether it is required or nullable, its description and
 * every constraint; nested inline objects, arrays of objects and alternatives open in a `<details>` (no
 * script needed; the keyboard opens it with Enter or Space). A component schema is drawn in its own
 * section only; its uses name it with a link there.
 */
import {Fragment, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {SchemaNode} from '@site/src/api/model/page';
import {constraintParts} from '@site/src/api/model/constraints';
import Html from './Html';
import styles from './styles.module.css';

/**
 * The schema a node stands for: an `allOf` of one part that adds no fields is that part. A reference to a
 * component schema is never followed: each component is drawn once, in its own section, and every use
 * links there, so the page stays small (the nested copies made /api some 14,000 elements).
 */
function target(node: SchemaNode): SchemaNode {
  if (node.allOf?.length === 1 && !node.properties) return target(node.allOf[0]);
  return node;
}

/** A schema's type in words, with referenced schemas linked to their section: "array of User", "one of Error or ProblemDetail". */
export function TypeLabel({node}: {node: SchemaNode}): ReactNode {
  if (node.ref) return <Link to={`#schema/${node.ref}`}>{node.ref}</Link>;
  const list = (parts: SchemaNode[], word: string) =>
    parts.map((part, index) => (
      <Fragment key={index}>
        {index > 0 ? ` ${word} ` : null}
        <TypeLabel node={part} />
      </Fragment>
    ));
  if (node.allOf?.length === 1 && !node.properties) return <TypeLabel node={node.allOf[0]} />;
  if (node.allOf) return <>all of {list(node.allOf, 'and')}</>;
  if (node.oneOf) return <>one of {list(node.oneOf, 'or')}</>;
  if (node.anyOf) return <>any of {list(node.anyOf, 'or')}</>;
  if (node.type === 'array') {
    return (
      <>
        array of <TypeLabel node={node.items ?? {}} />
      </>
    );
  }
  const type = node.type ?? (node.properties || node.additionalProperties ? 'object' : 'any');
  return <>{node.format ? `${type} (${node.format})` : type}</>;
}

/** Every constraint of a schema, in words, each value as it is written. */
export function Constraints({node}: {node: SchemaNode}): ReactNode {
  const items = constraintParts(node).map(({label, values}) => (
    <li key={label}>
      {label}
      {values ? (
        <>
          {' '}
          {values.map((value, index) => (
            <Fragment key={index}>
              {index > 0 ? ', ' : null}
              <code>{value}</code>
            </Fragment>
          ))}
        </>
      ) : null}
    </li>
  ));
  return items.length ? <ul className={styles.constraints}>{items}</ul> : null;
}

/** Flags of a field or parameter: required, nullable, read-only… */
export function Flags({required, node}: {required?: boolean; node?: SchemaNode}): ReactNode {
  return (
    <>
      {required ? <span className={styles.required}>required</span> : null}
      {node?.nullable ? <span className={styles.flag}>nullable</span> : null}
      {node?.readOnly ? <span className={styles.flag}>read-only</span> : null}
      {node?.writeOnly ? <span className={styles.flag}>write-only</span> : null}
      {node?.deprecated ? <span className={styles.flag}>deprecated</span> : null}
    </>
  );
}

/** Whether a schema has parts to show below its own line (fields, items with fields, alternatives); a reference has none here. */
function hasParts(node: SchemaNode): boolean {
  const shown = target(node);
  if (shown.ref) return false;
  return Boolean(
    shown.properties?.length ||
    shown.additionalProperties ||
    shown.oneOf ||
    shown.anyOf ||
    (shown.allOf && shown.allOf.length > 0) ||
    (shown.items && hasParts(shown.items)),
  );
}

/** A schema's parts under a "Fields of <name>" disclosure, closed until the reader opens it. */
function FoldedParts({name, node}: {name: string; node: SchemaNode}): ReactNode {
  return (
    <details className={styles.nested}>
      <summary>
        Fields of <code>{name}</code>
      </summary>
      <SchemaParts node={node} />
    </details>
  );
}

/** One field of an object. */
function Field({name, required, node}: {name: string; required?: boolean; node: SchemaNode}): ReactNode {
  const shown = target(node);
  const description = node.description ?? shown.description;
  return (
    <li className={styles.field}>
      <div className={styles.fieldHead}>
        <code className={styles.fieldName}>{name}</code>{' '}
        <span className={styles.type}>
          <TypeLabel node={node} />
        </span>{' '}
        <Flags required={required} node={{...shown, nullable: node.nullable ?? shown.nullable}} />
      </div>
      <Html html={description} />
      <Constraints node={shown} />
      {hasParts(node) ? <FoldedParts name={name} node={node} /> : null}
    </li>
  );
}

/** What is inside a schema: its fields, the fields of its items, or its alternatives. */
export function SchemaParts({node}: {node: SchemaNode}): ReactNode {
  const shown = target(node);
  if (shown.ref) return null;
  const alternatives = shown.oneOf ?? shown.anyOf;
  return (
    <>
      {shown.items ? (
        hasParts(shown.items) ? (
          <div className={styles.items}>
            <p className={styles.partsLabel}>
              Each item: <TypeLabel node={shown.items} />
            </p>
            <SchemaParts node={shown.items} />
          </div>
        ) : null
      ) : null}
      {shown.allOf && shown.allOf.length > 1 ? (
        shown.allOf.map((part, index) => <SchemaParts key={index} node={part} />)
      ) : shown.allOf?.length === 1 && shown.properties ? (
        <SchemaParts node={shown.allOf[0]} />
      ) : null}
      {shown.properties?.length || shown.additionalProperties ? (
        <ul className={styles.fields}>
          {shown.properties?.map((property) => (
            <Field key={property.name} name={property.name} required={property.required} node={property.schema} />
          ))}
          {shown.additionalProperties === true ? (
            <li className={styles.field}>
              <span className={styles.type}>Any other field is allowed.</span>
            </li>
          ) : shown.additionalProperties ? (
            <Field name="other fields" node={shown.additionalProperties} />
          ) : null}
        </ul>
      ) : null}
      {alternatives ? (
        <ul className={styles.alternatives}>
          {alternatives.map((alternative, index) => (
            <li key={index}>
              {hasParts(alternative) ? (
                <details className={styles.nested}>
                  <summary>
                    {shown.oneOf ? 'One of' : 'Any of'}: <TypeLabel node={alternative} />
                  </summary>
                  <SchemaParts node={alternative} />
                </details>
              ) : (
                <>
                  {shown.oneOf ? 'One of' : 'Any of'}: <TypeLabel node={alternative} />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * A whole schema, as the body of a request or response or a schema of its own: its type line, description,
 * constraints and parts. `foldedAs`: the parts open in a `<details>` named after the schema, as nested
 * objects do; the Schemas section draws every component schema so, which keeps the page light to lay out on
 * a slow phone (each schema's fields are a click away, and a link to the schema opens them).
 */
export function SchemaTree({
  node,
  withDescription = true,
  foldedAs,
}: {
  node: SchemaNode;
  withDescription?: boolean;
  foldedAs?: string;
}): ReactNode {
  const shown = target(node);
  return (
    <div className={styles.schema}>
      <p className={styles.schemaType}>
        <span className={styles.type}>
          <TypeLabel node={node} />
        </span>{' '}
        <Flags node={{...shown, nullable: node.nullable ?? shown.nullable}} />
      </p>
      {withDescription ? <Html html={node.description ?? shown.description} /> : null}
      <Constraints node={shown} />
      {foldedAs && hasParts(node) ? <FoldedParts name={foldedAs} node={node} /> : <SchemaParts node={node} />}
    </div>
  );
}
