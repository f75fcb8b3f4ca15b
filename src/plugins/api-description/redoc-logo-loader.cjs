// Bundler loader (loaders must be plain JS): removes the Redocly logo that Redoc's side menu loads
// from cdn.redoc.ly, so /api requests nothing from another host. Fails if Redoc changes the markup.
'use strict';
const LOGO = /[\w$]+\?[\w$.]+\.createElement\("img",\{alt:"redocly logo",[^}]*src:"https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg"\}\):null/;

module.exports = function removeRedoclyLogo(source) {
  if (!source.includes('cdn.redoc.ly')) return source;
  const result = source.replace(LOGO, 'null');
  if (result.includes('cdn.redoc.ly')) {
    throw new Error(`${this.resourcePath}: Redoc still refers to cdn.redoc.ly; update src/plugins/api-description/redoc-logo-loader.cjs`);
  }
  return result;
};
