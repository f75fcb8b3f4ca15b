/**
 * The role × capability matrix of the Synkronus API, generated at build time from the API description
 * (src/plugins/api, src/api/model/tables.ts): every call, whether it needs a token, and which roles the
 * description lists for it (the scopes of its bearer requirement); of a role it does not list it says nothing.
 */
import React from 'react';
import CallLink from '@site/src/components/CallLink';
import apiReferenceData from '@generated/api/synkronus/tables.json';
import {ROLES} from '@site/src/api/openapi';
import type {RoleCell} from '@site/src/api/model/tables';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

const CELL_CLASS: Record<RoleCell, string> = {yes: styles.yes, 'not listed': styles.unspecified};

export default function RoleMatrix(): React.JSX.Element {
  const {roleMatrix} = apiReferenceData;
  return (
    <ScrollableTable className={styles.matrix}>
      <caption>
        The roles the API description lists for each call of the Synkronus API ({roleMatrix.length} calls)
      </caption>
      <thead>
        <tr>
          <th scope="col">Call</th>
          <th scope="col">What it does</th>
          <th scope="col">Token</th>
          {ROLES.map((role) => (
            <th scope="col" key={role}>
              <code>{role}</code>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {roleMatrix.map((row) => (
          <tr key={row.operationId}>
            <th scope="row">
              <CallLink call={row} />
            </th>
            <td>{row.summary}</td>
            <td>{row.isPublic ? 'not needed' : 'required'}</td>
            {ROLES.map((role) => (
              <td key={role} className={CELL_CLASS[row.roles[role]]}>
                {row.roles[role]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
