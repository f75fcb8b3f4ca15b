// Wraps the footer's copyright to put the "Save for offline reading" control on every page, above it.
import React, {type ReactNode} from 'react';
import Copyright from '@theme-original/Footer/Copyright';
import type CopyrightType from '@theme/Footer/Copyright';
import type {WrapperProps} from '@docusaurus/types';
import OfflineControl from '@site/src/components/OfflineControl';

type Props = WrapperProps<typeof CopyrightType>;

export default function CopyrightWrapper(props: Props): ReactNode {
  return (
    <>
      <OfflineControl />
      <Copyright {...props} />
    </>
  );
}
