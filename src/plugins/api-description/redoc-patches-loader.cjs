// Bundler loader (loaders must be plain JS) for Redoc's bundles, server and browser alike, so that the
// server-rendered markup and the hydrated one stay the same. Each patch fails the build with the file's
// name when Redoc's code no longer has what it replaces (an upgrade must then revisit it):
// - the Redocly logo that Redoc's side menu loads from cdn.redoc.ly goes, so /api requests nothing
//   from another host;
// - the "Parameters", "Request Body schema" and "Responses" headings of each operation (Redoc's
//   UnderlinedHeader) become <h3> instead of <h5>: they sit right under the operation's <h2>, and a
//   skipped heading level misleads screen-reader users who move by headings (axe rule heading-order);
//   they get the class `redoc-underlined-header`, by which overrides.css gives them the colours
//   redocusaurus gives Redoc's <h5>.
'use strict';

const PATCHES = [
  {
    what: 'the Redocly logo from cdn.redoc.ly',
    pattern: /[\w$]+\?[\w$.]+\.createElement\("img",\{alt:"redocly logo",[^}]*src:"https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg"\}\):null/,
    replacement: 'null',
  },
  {
    what: 'the <h5> of UnderlinedHeader',
    pattern: /([\w$]+=[\w$]+)\.h5(`\n\s*border-bottom: 1px solid rgba\(38, 50, 56, 0\.3\);)/,
    replacement: '$1.h3.attrs({className:"redoc-underlined-header"})$2',
  },
];

module.exports = function patchRedoc(source) {
  let result = source;
  for (const {what, pattern, replacement} of PATCHES) {
    if (!pattern.test(result)) {
      throw new Error(`${this.resourcePath}: Redoc's code no longer has ${what}; update src/plugins/api-description/redoc-patches-loader.cjs`);
    }
    result = result.replace(pattern, replacement);
  }
  return result;
};
