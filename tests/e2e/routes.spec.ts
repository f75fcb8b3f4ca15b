import fs from 'node:fs';
import path from 'node:path';
import {test, expect, allowHttpError, expectHydrated} from '../support/fixtures';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {REPO_ROOT} from '../../scripts/nginx.cjs';

test.describe('every route of the site', () => {
  for (const route of SPEC_ROUTES) {
    test(`${route.path} loads with status 200, its title and its h1`, async ({page, request}) => {
      // A hard load answers 200 after at most one redirect.
      const first = await request.get(route.path, {maxRedirects: 0});
      let status = first.status();
      if (status === 301 || status === 302) {
        const next = await request.get(first.headers()['location'], {maxRedirects: 0});
        status = next.status();
      }
      expect(status).toBe(200);

      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);
    });
  }

  test('/docs takes the reader to the Overview', async ({page}) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/ODE$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/ODE: the Open Data Ensemble/);
  });

  for (const unknown of ['/no-such-page', '/docs/no-such-page']) {
    test(`an unknown path (${unknown}) shows the not-found page with status 404 and its title`, async ({page}) => {
      allowHttpError(page, /\/no-such-page$/);
      const response = await page.goto(unknown);
      expect(response?.status()).toBe(404);
      // The served page has the title; it must keep it once React has taken the page over (under
      // /docs/ the docs plugin renders the not-found content itself).
      await expectHydrated(page);
      await expect(page).toHaveTitle('Page Not Found | ODE - Open Data Ensemble');
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    });
  }

  for (const [withIndex, without] of [
    ['/index.html', '/'],
    ['/docs/ODE/index.html', '/docs/ODE'],
    ['/docs/quick-start/index.html', '/docs/quick-start'],
    ['/api/index.html', '/api'],
  ]) {
    test(`${withIndex} shows the same page as ${without} and drops index.html`, async ({page}) => {
      const response = await page.goto(withIndex);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(without);
      const h1 = await page.getByRole('heading', {level: 1}).textContent();
      await page.goto(without);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(h1!);
    });

    test(`${withIndex} drops index.html on a host that serves it without a redirect (GitHub Pages)`, async ({page}) => {
      await page.goto(without);
      const h1 = await page.getByRole('heading', {level: 1}).textContent();
      // Such a host answers 200 with the built file itself: serve it so, instead of nginx's 301.
      const builtFile = path.join(REPO_ROOT, 'build', withIndex);
      await page.route(`**${withIndex}`, (route) =>
        route.fulfill({status: 200, contentType: 'text/html', body: fs.readFileSync(builtFile)}),
      );
      const response = await page.goto(withIndex);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL((url) => url.pathname === without);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(h1!);
    });
  }
});
