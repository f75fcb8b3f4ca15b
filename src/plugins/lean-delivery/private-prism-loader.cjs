'use strict';
/**
 * Webpack/Rspack loader for Prism files required with `?private-prism`: binds a grammar file's free
 * `Prism` variable to the site's own Prism core (prism-core?private-prism) instead of the global or the
 * `prismjs` module that Redoc's ProvidePlugin substitutes, so Redoc's grammars never leak into it.
 */
module.exports = function privatePrismLoader(source) {
  if (/[\\/]prism-core\.js$/.test(this.resourcePath)) return source;
  return `var Prism = require('prismjs/components/prism-core?private-prism');\n${source}`;
};
