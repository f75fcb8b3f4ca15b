import {test, expect, expectHydrated} from '../support/fixtures';

// Code blocks are highlighted by the site's slim Prism (src/plugins/lean-delivery), the same on the
// server and in the browser, so hydration leaves them as rendered (the fixture fails on hydration errors).
test('code blocks are highlighted after hydration in each language the docs use', async ({page}) => {
  await page.goto('/docs/quick-start/custom-app');
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
