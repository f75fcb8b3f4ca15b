// Wraps the docs page footer to add "Copy page as Markdown" and "Verified against ODE <release>" with the upstream files, from front matter.
/*
 * Patch: doc-footer-wrapper
 * Library: @docusaurus/theme-classic 3.10.2 (DocItem/Footer: its wrap is not declared safe)
 * Changes: nothing in the theme; the doc's footer is wrapped, and the wrapper reads the doc with useDoc().
 * Why: a feature: the theme has no option that adds content to the foot of every doc.
 * Saves: the Markdown twin's two controls and the release a page was verified against, on every docs page.
 * Remove when: never while the feature stays; tests/unit/patches.spec.ts fails, naming this patch, when the
 *   theme renders its doc footer elsewhere or without the doc's context.
 */
import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import VerifiedAgainst from '@site/src/components/VerifiedAgainst';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  const {frontMatter, metadata} = useDoc();
  const {ode_release: release, verified_with: files} = frontMatter as {ode_release?: string; verified_with?: string[]};
  return (
    <>
      <CopyPageMarkdown permalink={metadata.permalink} />
      {release && <VerifiedAgainst release={release} files={files ?? []} />}
      <Footer {...props} />
    </>
  );
}
