/**
 * Keeps the API reference page (Redoc) from loading anything from another host, so it works
 * under the site's Content-Security-Policy: see remove-cdn-logo-loader.cjs.
 */
import type {Plugin} from '@docusaurus/types';

export default function redocNoCdnPlugin(): Plugin {
  return {
    name: 'redoc-no-cdn',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]node_modules[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
              use: [{loader: require.resolve('./remove-cdn-logo-loader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
