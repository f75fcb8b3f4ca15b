// Wraps the docs page footer to add "Copy page as Markdown" and "Verified against ODE <release>" with the upstream files, from front matter.
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
