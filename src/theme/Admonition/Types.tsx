// Ejected from @docusaurus/theme-classic (theme/Admonition/Types, "safe"): only the admonition types the site uses, so every docs page leaves out the others' code and icons.
import AdmonitionTypeNote from '@theme/Admonition/Type/Note';
import AdmonitionTypeInfo from '@theme/Admonition/Type/Info';
import AdmonitionTypeWarning from '@theme/Admonition/Type/Warning';
import AdmonitionTypeCaution from '@theme/Admonition/Type/Caution';

/**
 * The docs use `:::note`, `:::warning` and `:::caution`; `info` stays because the theme's Admonition falls back to
 * it for a type it does not find, and `caution` because the theme's banner of an unlisted page is one (its icon is
 * the warning's). tests/unit/admonition-types.spec.ts fails, naming file and line, on a page that uses another
 * type: add it here from the theme's list (tip, danger).
 */
const admonitionTypes = {
  note: AdmonitionTypeNote,
  info: AdmonitionTypeInfo,
  warning: AdmonitionTypeWarning,
  caution: AdmonitionTypeCaution,
};

export default admonitionTypes;
