import {test, expect} from '../support/fixtures';
import {API_ROUTE, DISCORD_URL, MONOREPO_URL, STACK_OVERFLOW_TAG_URL} from '../../site.constants';
import type {Page} from '@playwright/test';

const navbar = (page: Page) => page.getByRole('navigation', {name: 'Main'});
const footer = (page: Page) => page.getByRole('contentinfo');
/** A footer column, found by its visible title. */
const footerColumn = (page: Page, title: string) =>
  footer(page)
    .locator('.footer__col')
    .filter({has: page.getByText(title, {exact: true})});

test.describe('navbar', () => {
  test('the title and logo lead to the home page', async ({page}) => {
    await page.goto('/docs/ODE');
    const brand = navbar(page).getByRole('link', {name: 'ODE logo ODE'});
    await expect(brand.getByRole('img', {name: 'ODE logo'})).toBeVisible();
    await expect(brand).toContainText('ODE');
    await brand.click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE - Open Data Ensemble');
  });

  test('"Documentation" opens the docs with their sidebar at the Overview', async ({page}) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar).toHaveCount(0);
    await navbar(page).getByRole('link', {name: 'Documentation'}).click();
    await expect(page).toHaveURL(/\/docs\/ODE$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Overview'})).toHaveAttribute('aria-current', 'page');
    await expect(navbar(page).getByRole('link', {name: 'Documentation'})).toHaveAttribute('aria-current', 'page');
  });

  test('"API" leads to the API reference', async ({page}) => {
    await page.goto('/');
    await navbar(page).getByRole('link', {name: 'API', exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${API_ROUTE}$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/Synkronus API/);
  });

  test('"GitHub" points to the ODE repository, opens in a new tab and sits on the right', async ({page}) => {
    await page.goto('/');
    const github = navbar(page).getByRole('link', {name: /^GitHub/});
    await expect(github).toHaveAttribute('href', MONOREPO_URL);
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAttribute('rel', /noopener/);
    // Right part of the navbar: after the left items, in the right half of the bar.
    const bar = (await navbar(page).boundingBox())!;
    const link = (await github.boundingBox())!;
    const api = (await navbar(page).getByRole('link', {name: 'API', exact: true}).boundingBox())!;
    expect(link.x, 'GitHub link should be in the right half of the navbar').toBeGreaterThan(bar.x + bar.width / 2);
    expect(link.x).toBeGreaterThan(api.x + api.width);
  });
});

test.describe('footer', () => {
  test('Docs column: Documentation leads to the Overview', async ({page}) => {
    await page.goto('/');
    const link = footerColumn(page, 'Docs').getByRole('link', {name: 'Documentation'});
    await link.click();
    await expect(page).toHaveURL(/\/docs\/ODE$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
  });

  test('Docs column: API Reference leads to the API reference', async ({page}) => {
    await page.goto('/docs/ODE');
    await footerColumn(page, 'Docs').getByRole('link', {name: 'API Reference'}).click();
    await expect(page).toHaveURL(new RegExp(`${API_ROUTE}$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/Synkronus API/);
  });

  test('Community column: the Stack Overflow tag and the Discord server', async ({page}) => {
    await page.goto('/');
    const column = footerColumn(page, 'Community');
    await expect(column.getByRole('link')).toHaveCount(2);
    await expect(column.getByRole('link', {name: /Stack Overflow/})).toHaveAttribute('href', STACK_OVERFLOW_TAG_URL);
    await expect(column.getByRole('link', {name: /Discord/})).toHaveAttribute('href', DISCORD_URL);
  });

  test('More column: GitHub', async ({page}) => {
    await page.goto('/');
    const column = footerColumn(page, 'More');
    await expect(column.getByRole('link')).toHaveCount(1);
    await expect(column.getByRole('link', {name: /GitHub/})).toHaveAttribute('href', MONOREPO_URL);
  });

  test('the columns are Docs, Community, More and the copyright names 2025', async ({page}) => {
    await page.goto('/docs/ODE');
    await expect(footer(page).locator('.footer__title')).toHaveText(['Docs', 'Community', 'More']);
    await expect(footer(page).getByText(/Copyright ©/)).toContainText('2025');
  });
});
