// Ejected from @docusaurus/theme-classic (theme/MDXComponents/Details, "safe"): the native <details>, not the theme's animated one, keeps 0.5 KiB (gzip) off every docs page.
import type {ComponentProps, ReactNode} from 'react';

/**
 * A `<details>` of Markdown, as the browser draws it: it opens and closes without JavaScript, and its
 * `<summary>` stays its first child. The theme's version animates the opening with a component that every docs
 * page would load whether it has a `<details>` or not.
 */
export default function MDXDetails(props: ComponentProps<'details'>): ReactNode {
  return <details {...props} />;
}
