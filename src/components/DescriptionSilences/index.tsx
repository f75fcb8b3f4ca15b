/**
 * Where the API description is silent, call by call, generated at build time from the API description
 * (src/plugins/api, src/api/model/tables.ts `silences`): the error statuses each call lists, and what it does not
 * list (a 401, a 400, roles, the x-api-version header). The description dialect marks each answer it gives in
 * these places with X-Synkronus-Unspecified.
 */
import React from 'react';
import CallLink from '@site/src/components/CallLink';
import silences from '@generated/api/synkronus/silences.json';
import ScrollableTable from '@site/src/components/ScrollableTable';

const codes = (items: readonly string[]) =>
  items.length
    ? items.map((item, index) => (
        <React.Fragment key={item}>
          {index ? ', ' : ''}
          <code>{item}</code>
        </React.Fragment>
      ))
    : 'none';

export default function DescriptionSilences(): React.JSX.Element {
  return (
    <ScrollableTable>
      <caption>What the API description says nothing of, for each of its {silences.length} calls</caption>
      <thead>
        <tr>
          <th scope="col">Call</th>
          <th scope="col">Error statuses it lists</th>
          <th scope="col">No 401 listed</th>
          <th scope="col">No 400 listed</th>
          <th scope="col">Roles not listed</th>
          <th scope="col">
            No <code>x-api-version</code>
          </th>
        </tr>
      </thead>
      <tbody>
        {silences.map((row) => (
          <tr key={row.operationId}>
            <th scope="row">
              <CallLink call={row} />
            </th>
            <td>{codes(row.errorsListed)}</td>
            <td>{row.no401 ? 'yes' : 'no'}</td>
            <td>{row.no400 ? 'yes' : 'no'}</td>
            <td>{codes(row.rolesNotListed)}</td>
            <td>{row.noApiVersionHeader ? 'yes' : 'no'}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
