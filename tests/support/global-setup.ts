/** Serves the production build with the repository's nginx configuration for the whole run. */
import {startNginx} from '../../scripts/nginx.cjs';
import {SITE_PORT} from '../../playwright.config';

export default function globalSetup() {
  const server = startNginx({port: SITE_PORT});
  // Playwright calls the returned function as the global teardown.
  return () => server.stop();
}
