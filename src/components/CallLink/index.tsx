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
  return (
    <Link to={`${API_ROUTE}#operation/${call.operationId}`}>
      <code>
        {call.method} {call.path}
      </code>
    </Link>
  );
}
