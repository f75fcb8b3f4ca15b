import fs from 'node:fs';
import path from 'node:path';
import {load} from 'js-yaml';
import type {Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {DOCS_PATHS} from '../support/routes.cjs';
import sidebars from '../../sidebars';

const sidebar = (page: Page) => page.getByRole('navigation', {name: 'Docs sidebar'});
const breadcrumbs = (page: Page) => page.getByRole('navigation', {name: 'Breadcrumbs'});

/** Title and description of a doc, read from its front matter (what the site itself reads). */
function docFrontMatter(id: string): {title: string; description: string} {
  const file = ['.md', '.mdx'].map((ext) => path.join('docs', id + ext)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`sidebars.ts names doc "${id}" but docs/${id}.md(x) does not exist`);
  const match = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no front matter`);
  return load(match[1]) as {title: string; description: string};
}

type Item =
  | string
  | {type: 'doc'; id: string; label?: string}
  | {type: 'category'; label: string; description?: string; link?: {type: string; slug?: string}; items: Item[]};
const topLevel = (sidebars as unknown as {docs: Item[]}).docs;

/** Every category of the sidebar that has a generated index page, with its children. */
function generatedIndexes(items: Item[]): {label: string; route: string; items: Item[]}[] {
  return items.flatMap((item) => {
    if (typeof item === 'string' || item.type !== 'category') return [];
    const own =
      item.link?.type === 'generated-index'
        ? [{label: item.label, route: `/docs${item.link.slug}`, items: item.items}]
        : [];
    return [...own, ...generatedIndexes(item.items)];
  });
}

test.describe('docs sidebar', () => {
  test('reads Overview, Quick Start, Formulus, Synkronus, Synkronus CLI, Docs site with Docusaurus', async ({page}) => {
    await page.goto('/docs/ODE');
    // The link of each top-level entry (a page, or the heading link of a category).
    const topLinks = sidebar(page).locator(
      'ul.theme-doc-sidebar-menu > li > .menu__link, ul.theme-doc-sidebar-menu > li > .menu__list-item-collapsible > .menu__link',
    );
    await expect(topLinks).toHaveText([
      'Overview',
      'Quick Start',
      'Formulus',
      'Synkronus',
      'Synkronus CLI',
      'Docs site with Docusaurus',
    ]);
  });

  test('categories stay expanded together (no auto-collapse) and the sidebar cannot be hidden', async ({page}) => {
    await page.goto('/docs/ODE');
    const expand = (label: string) => sidebar(page).getByRole('button', {name: `Expand sidebar category '${label}'`});
    await expand('Quick Start').click();
    await expand('Synkronus').click();
    await expect(sidebar(page).getByRole('link', {name: 'Custom app'})).toBeVisible();
    await expect(sidebar(page).getByRole('link', {name: 'App bundle'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
  });
});

test.describe('breadcrumbs and sidebar highlighting follow the current path', () => {
  test('on the app bundle page: Synkronus › App bundle, App bundle marked current', async ({page}) => {
    await page.goto('/docs/documentation/synkronus/app-bundle');
    const crumbs = breadcrumbs(page).getByRole('listitem');
    await expect(crumbs).toHaveCount(3);
    await expect(breadcrumbs(page).getByRole('link', {name: 'Home page'})).toHaveAttribute('href', '/');
    await expect(crumbs.nth(1).getByRole('link', {name: 'Synkronus'})).toHaveAttribute(
      'href',
      '/docs/category/synkronus',
    );
    await expect(crumbs.nth(2)).toHaveText('App bundle');
    await expect(crumbs.nth(2).getByRole('link')).toHaveCount(0);

    const current = sidebar(page).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText('App bundle');
    await expect(sidebar(page).getByRole('button', {name: "Collapse sidebar category 'Synkronus'"})).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('moving through the sidebar moves the breadcrumbs and the highlight with it', async ({page}) => {
    await page.goto('/docs/documentation/synkronus/app-bundle');
    await sidebar(page).getByRole('link', {name: 'Synkronus CLI'}).click();
    await expect(page).toHaveURL(/\/docs\/documentation\/synkronus-cli\/cli$/);
    await expect(breadcrumbs(page).getByRole('listitem').last()).toHaveText('Synkronus CLI');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText('Synkronus CLI');

    await sidebar(page).getByRole('button', {name: "Expand sidebar category 'Quick Start'"}).click();
    await expect(sidebar(page).getByRole('button', {name: "Collapse sidebar category 'Quick Start'"})).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // The category opens with an animation that clips its items until it ends: click once the link is all shown.
    const customApp = sidebar(page).getByRole('link', {name: 'Custom app'});
    await expect(customApp).toBeInViewport({ratio: 1});
    await customApp.click();
    await expect(page).toHaveURL(/\/docs\/quick-start\/custom-app$/);
    const crumbs = breadcrumbs(page).getByRole('listitem');
    await expect(crumbs.nth(1)).toHaveText('Quick Start');
    await expect(crumbs.last()).toHaveText('Custom app');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText('Custom app');
  });
});

test.describe('category index pages', () => {
  for (const category of generatedIndexes(topLevel)) {
    test(`${category.route} lists every child of "${category.label}" with its description`, async ({page}) => {
      await page.goto(category.route);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(category.label);
      const cards = page.locator('article a.card');
      await expect(cards).toHaveCount(category.items.length);
      for (const [index, item] of category.items.entries()) {
        const card = cards.nth(index);
        if (typeof item === 'string' || item.type === 'doc') {
          const id = typeof item === 'string' ? item : item.id;
          const {title, description} = docFrontMatter(id);
          const label = typeof item === 'string' ? title : (item.label ?? title);
          await expect(card.getByRole('heading', {level: 2})).toHaveText(new RegExp(`${label}$`));
          expect(description, `docs/${id}.md has no front matter description`).toBeTruthy();
          await expect(card).toContainText(description);
        } else {
          await expect(card.getByRole('heading', {level: 2})).toHaveText(new RegExp(`${item.label}$`));
          expect(
            item.description,
            `sidebars.ts: category "${item.label}" has no description for its card`,
          ).toBeTruthy();
          await expect(card).toContainText(item.description!);
        }
      }
    });
  }
});

test.describe('table of contents', () => {
  const docPages = DOCS_PATHS.filter((p) => !p.startsWith('/docs/category/'));

  for (const pagePath of docPages) {
    test(`${pagePath}: the table of contents lists exactly its h2 and h3 headings`, async ({page}) => {
      await page.goto(pagePath);
      const content = page.locator('.theme-doc-markdown');
      await expect(content).toBeVisible();
      const headings = await content
        .locator('h2, h3, h4')
        .evaluateAll((els) =>
          els.map((el) => ({level: Number(el.tagName[1]), text: (el.textContent ?? '').replace(/\u200b/g, '').trim()})),
        );
      const expected = headings.filter((h) => h.level <= 3);
      const toc = page.locator('.theme-doc-toc-desktop');
      if (expected.length === 0) {
        await expect(toc).toHaveCount(0);
        return;
      }
      await expect(toc).toBeVisible();
      // Depth in the TOC list tells the heading level: top-level entries are h2, nested ones h3.
      const entries = await toc.locator('a.table-of-contents__link').evaluateAll((links) =>
        links.map((a) => {
          let depth = 0;
          for (let el = a.parentElement; el && !el.classList.contains('theme-doc-toc-desktop'); el = el.parentElement) {
            if (el.tagName === 'UL') depth++;
          }
          return {level: depth + 1, text: (a.textContent ?? '').trim()};
        }),
      );
      expect(entries, `TOC of ${pagePath} should be its h2/h3 headings, never h4`).toEqual(expected);
    });
  }
});
