/**
 * The Known issues are an overview and one page per area. Links written before the split
 * (/docs/documentation/synkronus/known-issues#<id>) must still reach their entry: the overview lists every
 * entry under its old id, as a link to the entry on its area's page. The entries are read from the area pages'
 * Markdown (tests/support/known-issues.ts), so a new entry is checked without editing this file.
 */
import type {Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {knownIssueEntries, OVERVIEW_PATH} from '../support/known-issues';

const entries = knownIssueEntries();
const areas = [...new Set(entries.map((e) => e.area))];

test('the overview has every old anchor, each linking to its entry on the entry’s page', async ({page}) => {
  await page.goto(OVERVIEW_PATH);
  for (const entry of entries) {
    const item = page.locator(`[id="${entry.id}"]`);
    await expect(item, `#${entry.id} on the overview`).toHaveCount(1);
    const link = item.getByRole('link', {name: entry.title.replace(/`/g, ''), exact: true});
    await expect(link, `#${entry.id}: its link`).toHaveAttribute('href', `${OVERVIEW_PATH}/${entry.area}#${entry.id}`);
  }
  // The old sections' anchors (#sync, #app-bundles, ...) are the overview's own headings, slugged as Docusaurus does.
  for (const section of new Set(entries.map((e) => e.section))) {
    const id = section
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-');
    await expect(page.locator(`h2[id="${id}"]`), `section #${id} on the overview`).toContainText(section);
  }
});

for (const area of areas) {
  test(`every entry the overview links to on ${area} is a heading there`, async ({page}) => {
    await page.goto(`${OVERVIEW_PATH}/${area}`);
    for (const entry of entries.filter((e) => e.area === area))
      await expect(
        page.getByRole('heading', {level: 3, name: entry.title.replace(/`/g, '')}),
        `${OVERVIEW_PATH}/${area}#${entry.id}`,
      ).toHaveAttribute('id', entry.id);
  });
}

/** The space the navbar takes at the top of the window: a target must start below it. */
async function navbarBottom(page: Page): Promise<number> {
  const box = await page.getByRole('navigation', {name: 'Main'}).boundingBox();
  return box ? box.y + box.height : 0;
}

test('an old link goes on to the entry on its area page, below the navbar', async ({page}) => {
  const entry = entries.find((e) => e.id === 'geolocation-not-stored')!;
  await page.goto(`${OVERVIEW_PATH}#${entry.id}`);
  await expect(page).toHaveURL(`${OVERVIEW_PATH}/${entry.area}#${entry.id}`);
  const heading = page.getByRole('heading', {level: 3, name: entry.title.replace(/`/g, '')});
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => (await heading.boundingBox())!.y - (await navbarBottom(page)))
    .toBeGreaterThanOrEqual(0);
});

test('without JavaScript, an old link lands on its list item, below the navbar, naming where the entry went', async ({
  browser,
  baseURL,
}) => {
  const entry = entries.find((e) => e.id === 'geolocation-not-stored')!;
  const context = await browser.newContext({baseURL, javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(`${OVERVIEW_PATH}#${entry.id}`);
    const item = page.locator(`[id="${entry.id}"]`);
    await expect(item).toBeInViewport();
    await expect(item).toContainText(`${entry.title.replace(/`/g, '')}, on Known issues: sync and data export`);
    expect((await item.boundingBox())!.y).toBeGreaterThanOrEqual(await navbarBottom(page));
    await item.getByRole('link').click();
    await expect(page).toHaveURL(`${OVERVIEW_PATH}/${entry.area}#${entry.id}`);
  } finally {
    await context.close();
  }
});

test('the sidebar shows the area pages under Known issues, whose link is the overview', async ({page}) => {
  await page.goto(`${OVERVIEW_PATH}/sync`);
  const nav = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(nav.getByRole('link', {name: 'Known issues', exact: true})).toHaveAttribute('href', OVERVIEW_PATH);
  for (const area of areas)
    await expect(nav.locator(`a[href="${OVERVIEW_PATH}/${area}"]`), `sidebar link to ${area}`).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Sync and data export');
});
