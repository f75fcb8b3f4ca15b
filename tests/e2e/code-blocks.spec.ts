import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {themes} from 'prism-react-renderer';
import {test, expect, expectHydrated} from '../support/fixtures';
import {tabTo} from '../support/keyboard';
import {REPO_ROOT} from '../../scripts/nginx.cjs';

// Code blocks are highlighted by the site's slim Prism (src/plugins/lean-delivery) on the server. On a page's
// first load the browser keeps that markup (src/theme/CodeBlock) and loads the theme's code block, with
// Prism and the copy button, only when a reader comes to a block; the fixture fails on hydration errors.

const PAGE = '/docs/quick-start/custom-app';
const SOURCE = 'docs/quick-start/custom-app.md';
const TITLE = 'forms/survey/schema.json';

/** The code of the block titled `title` in the page's Markdown source: what the copy button must copy. */
function codeInSource(title: string): string {
  const markdown = fs.readFileSync(path.join(REPO_ROOT, SOURCE), 'utf8');
  const code = new RegExp(
    '```\\w+ title="' + title.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') + '"\\n([\\s\\S]*?)\\n```',
  ).exec(markdown)?.[1];
  if (code == null) throw new Error(`${SOURCE}: no code block titled "${title}"`);
  return code;
}

const codeBlock = (page: Page, title: string) =>
  page.locator('.theme-code-block').filter({has: page.getByText(title, {exact: true})});
const copyButton = (page: Page, title: string) =>
  codeBlock(page, title).getByRole('button', {name: 'Copy code to clipboard'});

/** The background the theme gives a code block in a colour mode, from the site's Prism themes. */
const BACKGROUND = {light: themes.vsLight.plain.backgroundColor!, dark: themes.vsDark.plain.backgroundColor!};
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('code blocks are highlighted after hydration in each language the docs use', async ({page}) => {
  await page.goto(PAGE);
  await expectHydrated(page);
  for (const language of ['json', 'html', 'bash']) {
    const block = page.locator(`pre.language-${language}`).first();
    await expect(block, `a ${language} code block`).toBeVisible();
    expect(
      await block.locator('.token:not(.plain)').count(),
      `highlighted tokens in the ${language} block`,
    ).toBeGreaterThan(0);
  }
});

test('pointing at a code block brings its copy button, which copies the code', async ({page, context, baseURL}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
  await page.goto(PAGE);
  await page.waitForLoadState('networkidle');
  // Until a reader comes to a block, it is the server's markup: highlighted, without the buttons.
  await expect(codeBlock(page, TITLE).locator('.token.property').first()).toBeVisible();
  await expect(page.getByRole('button', {name: 'Copy code to clipboard'})).toHaveCount(0);
  await codeBlock(page, TITLE).hover();
  await copyButton(page, TITLE).click();
  await expect(codeBlock(page, TITLE).getByRole('button', {name: 'Copied'})).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codeInSource(TITLE));
  await expect(codeBlock(page, TITLE).locator('.token.property').first()).toBeVisible();
});

test('a keyboard reader keeps the focus on a code block and reaches its copy button', async ({page}) => {
  await page.goto(PAGE);
  const code = codeBlock(page, TITLE).locator('pre');
  // Asked of the page in one step: the block is replaced as it gets the focus, and a locator resolved just
  // before would hold the element that left.
  const codeHasFocus = () =>
    page.evaluate(
      (title) =>
        document.activeElement?.tagName === 'PRE' &&
        document.activeElement.closest('.theme-code-block')?.textContent?.includes(title) === true,
      TITLE,
    );
  for (let presses = 0; !(await codeHasFocus()); presses++) {
    expect(presses, `Tab reaches the code of ${TITLE}`).toBeLessThan(60);
    await page.keyboard.press('Tab');
  }
  // The block is replaced by the theme's as it gets the focus: the focus stays on the code.
  await expect(copyButton(page, TITLE)).toBeAttached();
  await expect(code).toBeFocused();
  await tabTo(page, copyButton(page, TITLE), {maxPresses: 3});
});

/** What a reader sees of a block's colours: the block's background, and each token's colour and style. */
const coloursOf = (page: Page, title: string) =>
  codeBlock(page, title).evaluate((block) => ({
    background: getComputedStyle(block).backgroundColor,
    tokens: Array.from(block.querySelectorAll('pre .token'), (token) => {
      const style = getComputedStyle(token);
      return `${token.className}: ${style.color} ${style.fontStyle} ${style.display}`;
    }),
  }));

for (const mode of ['light', 'dark'] as const) {
  test(`in ${mode} mode, code has the theme's colours before and after its script loads`, async ({page}) => {
    await page.emulateMedia({colorScheme: mode});
    await page.goto(PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(codeBlock(page, TITLE)).toHaveCSS('background-color', rgb(BACKGROUND[mode]));
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', {name: 'Copy code to clipboard'})).toHaveCount(0);
    const before = await coloursOf(page, TITLE);
    expect(before.tokens.length).toBeGreaterThan(0);
    // Pointing at the block swaps in the theme's own, highlighted by Prism in the browser.
    await codeBlock(page, TITLE).hover();
    await expect(copyButton(page, TITLE)).toBeAttached();
    expect(await coloursOf(page, TITLE)).toEqual(before);
  });
}

test("switching the colour mode gives the code the other mode's colours", async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto(PAGE);
  const light = await coloursOf(page, TITLE);
  await page.getByRole('button', {name: /^Switch between dark and light mode/}).click(); // system -> light
  await page.getByRole('button', {name: /^Switch between dark and light mode/}).click(); // light -> dark
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(codeBlock(page, TITLE)).toHaveCSS('background-color', rgb(BACKGROUND.dark));
  const dark = await coloursOf(page, TITLE);
  expect(dark).not.toEqual(light);
  await expect(page.getByRole('button', {name: 'Copy code to clipboard'})).toHaveCount(0);
  await codeBlock(page, TITLE).hover();
  await expect(copyButton(page, TITLE)).toBeAttached();
  expect(await coloursOf(page, TITLE)).toEqual(dark);
});

test('a code block on a page reached by a link is highlighted and has its copy button', async ({page}) => {
  await page.goto('/docs/category/quick-start');
  await page.locator(`main a[href="${PAGE}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(codeBlock(page, TITLE).locator('.token.property').first()).toBeVisible();
  await codeBlock(page, TITLE).hover();
  await expect(copyButton(page, TITLE)).toBeAttached();
});
