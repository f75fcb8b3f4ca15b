/**
 * The Content-Security-Policy of deploy/nginx/docs-site.conf against the real build: every route
 * works with zero violations, and the policy really blocks what it must block.
 */
import type {Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {referenceNav, schemaSection} from '../support/api-reference';
import {SPEC_ROUTES} from '../support/routes.cjs';

declare global {
  interface Window {
    reportCspViolation: (text: string) => void;
  }
}

/** Collects CSP violations (DOM events, across navigations) and console messages about CSP. */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(`console ${msg.type()}: ${msg.text()}`);
  });
  return violations;
}

/** The inline script of every page sets this attribute: present only if the CSP let it run. */
async function expectInlineScriptRan(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', /^(true|false)$/);
}

test.describe('Content-Security-Policy', () => {
  for (const route of SPEC_ROUTES) {
    test(`${route.path} loads with zero CSP violations`, async ({page}) => {
      const violations = await recordCspViolations(page);
      const response = await page.goto(route.path);
      expect(response?.headers()['content-security-policy'], `no CSP header on ${route.path}`).toContain(
        "default-src 'self'",
      );
      await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);
      await page.waitForLoadState('networkidle');
      await expectInlineScriptRan(page);
      // Reach the end of the page so lazily loaded parts run too.
      await page.keyboard.press('End');
      await page.waitForLoadState('networkidle');
      expect(violations, `CSP violations on ${route.path}`).toEqual([]);
    });
  }

  test('client-side navigation re-inserts inline head scripts without violations', async ({page}) => {
    const violations = await recordCspViolations(page);
    await page.goto('/docs/ODE');
    await page.waitForLoadState('networkidle');
    // The navbar title goes home through the client router; the home page's <head> scripts are
    // then added by the page itself, where only a hash can allow them.
    await page
      .getByRole('link', {name: /ODE logo/})
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/ODE - Open Data Ensemble/);
    await page.getByRole('navigation').getByRole('link', {name: 'API', exact: true}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/Synkronus API/);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('the API reference works under the policy: its stylesheet, its navigation list, its schemas', async ({page}) => {
    const violations = await recordCspViolations(page);
    await page.goto('/api');
    const nav = referenceNav(page);
    await nav.getByRole('link', {name: 'Pull updated records since last sync'}).click();
    await expect(page).toHaveURL(/#operation\/syncPull$/);
    await page.getByRole('main').getByRole('link', {name: 'SyncPullRequest', exact: true}).first().click();
    await expect(page).toHaveURL(/#schema\/SyncPullRequest$/);
    const observation = schemaSection(page, 'Observation');
    await observation.locator('summary', {hasText: 'Fields of Observation'}).click();
    await observation.locator('summary', {hasText: 'Fields of geolocation'}).click();
    await expect(observation.getByText('minimum -90')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  // A page of its own, outside the fixture: the console error is this test's expected outcome.
  test('an injected inline script is blocked and reported', async ({browser, baseURL}) => {
    const context = await browser.newContext({baseURL});
    const page = await context.newPage();
    const violations = await recordCspViolations(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.head.append(script);
      return (window as unknown as {injectedScriptRan?: boolean}).injectedScriptRan === true;
    });
    expect(ran, 'an inline script without a hash ran: the CSP allows unsafe inline scripts').toBe(false);
    await expect.poll(() => violations.some((v) => v.includes('script-src-elem blocked inline'))).toBe(true);
    await context.close();
  });
});
