/**
 * Each docs page shows at its foot the ODE release it was verified against, from its front matter, and the
 * upstream files it was checked with, each a link to the file at that release.
 */
import {load} from 'js-yaml';
import {test, expect} from '../support/fixtures';
import {DOCS_PATHS} from '../support/routes.cjs';
import {listFiles, readRepoFile} from '../support/content';
import {MONOREPO_URL, ODE_RELEASE} from '../../site.constants';

/**
 * The docs file of `route` and the files its front matter lists. A doc named like its folder
 * (`formulus/formulus.md`), or `index.md`, is the folder's page (Docusaurus' rule).
 */
function pageSource(route: string): {file: string; files: string[]} | undefined {
  const slug = route.replace(/^\/docs\//, '').replace(/\/$/, '');
  const ids = [slug, `${slug}/index`, `${slug}/${slug.split('/').pop()}`];
  const file = listFiles('docs', /\.mdx?$/).find((f) => ids.includes(f.replace(/^docs\//, '').replace(/\.mdx?$/, '')));
  if (!file) return undefined;
  const front = load(/^---\n([\s\S]*?)\n---\n/.exec(readRepoFile(file))![1]) as {verified_with?: string[]};
  return {file, files: front.verified_with ?? []};
}

const VERIFIED_ROUTES = DOCS_PATHS.filter((p) => !p.startsWith('/docs/category/'));

for (const route of VERIFIED_ROUTES) {
  test(`${route} says at its foot which ODE release it was verified against, with its upstream files`, async ({
    page,
  }) => {
    const source = pageSource(route);
    expect(source, `no docs file for ${route}`).toBeDefined();
    await page.goto(route);
    const verification = page.getByRole('complementary', {name: 'Verification'});
    await expect(verification).toContainText(`Verified against ODE ${ODE_RELEASE}`);
    await expect(verification.getByRole('link', {name: ODE_RELEASE})).toHaveAttribute(
      'href',
      `${MONOREPO_URL}/tree/${ODE_RELEASE}`,
    );
    if (source!.files.length === 0) return;
    await verification.getByText(/Checked with \d+ upstream files?/).click();
    for (const file of source!.files) {
      await expect(verification.getByRole('link', {name: file, exact: true})).toHaveAttribute(
        'href',
        `${MONOREPO_URL}/blob/${ODE_RELEASE}/${file}`,
      );
    }
  });
}
