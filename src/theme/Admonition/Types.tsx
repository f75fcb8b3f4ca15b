// Ejected from @docusaurus/theme-classic (theme/Admonition/Types, "safe"): only the admonition types the docs use, so every docs page leaves out the others' code and icons.
import AdmonitionTypeNote from '@theme/Admonition/Type/Note';
import AdmonitionTypeInfo from '@theme/Admonition/Type/Info';
import AdmonitionTypeWarning from '@theme/Admonition/Type/Warning';

/**
 * The docs use `:::note` and `:::warning`; `info` stays because the theme's Admonition falls back to it for a
 * type it does not find. tests/unit/admonition-types.spec.ts fails, naming file and line, on a page that uses
 * another type: add it here from the theme's list (tip, danger, caution).
 */
const admonitionTypes = {
  note: AdmonitionTypeNote,
  info: AdmonitionTypeInfo,
  warning: AdmonitionTypeWarning,
};

export default admonitionTypes;
