/**
 * A second nginx, with the same production configuration, serving a copy of build/ beside a canary
 * file: tests can then prove that nothing outside the served root is ever returned, and that files
 * the build may not have yet (sw.js, manifest.json) get the right headers.
 *
 *   .tmp/fixture-<port>/canary.txt          outside the root: must never be served
 *   .tmp/fixture-<port>/site/               copy of build/, plus:
 *     .env, .git/config                     dotfiles holding the canary
 *     sw.js, manifest.json                  stand-ins, only where the build has none
 */
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {test as base} from '@playwright/test';
import {REPO_ROOT, startNginx} from '../../scripts/nginx.cjs';
import {SITE_PORT} from '../../playwright.config';

export type FixtureServer = {
  origin: string;
  port: number;
  /** The served root (the copy of build/). */
  root: string;
  /** A random token in every file that must stay unreachable. */
  canary: string;
  /** Files that were added as stand-ins because the build does not have them. */
  standIns: string[];
};

const STAND_INS: Record<string, string> = {
  'sw.js': "self.addEventListener('fetch', () => undefined);\n",
  'manifest.json': JSON.stringify({name: 'stand-in', start_url: '/', display: 'standalone'}, null, 2),
};

export const test = base.extend<object, {fixtureServer: FixtureServer}>({
  fixtureServer: [
    async ({}, use, workerInfo) => {
      // One server per parallel worker, on the ports right after the site's.
      const port = SITE_PORT + 1 + workerInfo.parallelIndex;
      const dir = path.join(REPO_ROOT, '.tmp', `fixture-${port}`);
      const site = path.join(dir, 'site');
      fs.rmSync(dir, {recursive: true, force: true});
      fs.cpSync(path.join(REPO_ROOT, 'build'), site, {recursive: true});
      const canary = `canary-${randomUUID()}`;
      fs.writeFileSync(path.join(dir, 'canary.txt'), `${canary}\n`);
      fs.writeFileSync(path.join(site, '.env'), `SECRET=${canary}\n`);
      fs.mkdirSync(path.join(site, '.git'));
      fs.writeFileSync(path.join(site, '.git', 'config'), `# ${canary}\n`);
      const standIns: string[] = [];
      for (const [name, content] of Object.entries(STAND_INS)) {
        if (fs.existsSync(path.join(site, name))) continue;
        fs.writeFileSync(path.join(site, name), content);
        standIns.push(name);
      }
      const server = startNginx({port, root: site, name: 'fixture'});
      await use({origin: server.origin, port, root: site, canary, standIns});
      server.stop(); // returns once nginx has exited (scripts/nginx.cjs)
    },
    {scope: 'worker'},
  ],
});

export {expect} from '@playwright/test';
