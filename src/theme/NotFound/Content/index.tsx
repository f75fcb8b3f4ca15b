// Wraps the not-found content to give it the not-found page's title wherever it shows, also under /docs/.
import React, {type ReactNode} from 'react';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';

type Props = WrapperProps<typeof NotFoundContentType>;

/**
 * The site-wide not-found page (theme NotFound) sets the title "Page Not Found"; an unknown path under a
 * docs version is answered by the docs plugin's DocRoot, which renders this content alone and leaves the
 * site's title. Setting the title here makes both the same (on the site-wide page it is set twice, alike).
 */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <NotFoundContent {...props} />
    </>
  );
}
