// Wraps the not-found content to give it the not-found page's title wherever it shows, also under /docs/.
/*
 * Patch: not-found-title
 * Library: @docusaurus/theme-classic 3.10.2 (NotFound/Content: its wrap is not declared safe)
 * Changes: nothing in the theme; the content sets the not-found page's title (theme.NotFound.title).
 * Why: an upstream bug (PATCHES.md): the docs' root renders this content without a title.
 * Saves: an unknown path under /docs/ is titled "Page Not Found" once hydrated, not with the site's title.
 * Remove when: the theme's DocRoot sets the title; tests/unit/patches.spec.ts fails, naming this patch, then.
 */
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
