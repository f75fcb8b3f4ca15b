'use strict';
/**
 * Rspack/webpack loader for Redoc's bundle: its sidebar attribution shows a logo fetched from
 * Redocly's CDN, which the site's Content-Security-Policy (img-src 'self') blocks. An empty data:
 * URL fails to load instead, and Redoc then hides the image itself (its onError handler); the
 * "API docs by Redocly" link stays.
 */
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** @this {{resourcePath: string}} @param {string} source */
module.exports = function removeCdnLogo(source) {
  if (!source.includes(CDN_LOGO)) {
    throw new Error(`${this.resourcePath}: ${CDN_LOGO} is gone; remove src/plugins/redoc-no-cdn`);
  }
  return source.split(CDN_LOGO).join('data:,');
};
