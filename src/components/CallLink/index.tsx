/**
 * A call of the Synkronus API as "METHOD /path" in code, linked to its section of /api: the one way the
 * generated tables (role matrix, error catalogue, what the description is silent about) name a call.
 */
import React from 'react';
import Link from '@docusaurus/Link';
import {API_ROUTE} from '@site/site.constants';

export default function CallLink({
  call,
}: {
  call: {operationId: string; method: string; path: string};
}): React.JSX.Element {
  // A narrow column may break a long path before a slash, never inside a segment (the text stays the same).
  const [first, ...rest] = call.path.split('/').slice(1);
  return (
    <Link to={`${API_ROUTE}#operation/${call.operationId}`}>
      <code>
        {call.method} /{first}
        {rest.map((segment, index) => (
          <React.Fragment key={index}>
            <wbr />/{segment}
          </React.Fragment>
        ))}
      </code>
    </Link>
  );
}
