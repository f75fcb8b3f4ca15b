/**
 * The "Try it" console of /api and the sync playground, in Chromium against the production build.
 * - Every operation of the description (walked from it, not listed by hand): its happy path through the
 *   console (log in through the Log in console when the call needs a token), the answer shown checked
 *   against the description with Ajv (tests/support/api-console.ts).
 * - The documented errors the console shows as the mock answers them (400 naming the field, 401, 403,
 *   404, 409, 304), never as a crash; the token of the last login and the role in use; reset.
 * - "Copy as curl" for the server URL the reader types, and no command for a body that is not JSON;
 *   nothing is sent to any other host (the `page` fixture fails a test on any such request).
 * - Send keeps the keyboard focus while its request is pending; the prefilled Pull example returns
 *   records; without JavaScript every "Try it" says the console needs it; the navbar, back on scrolling
 *   up, never covers the contents list.
 * - The sync playground pulls every seeded observation exactly once.
 * - axe finds no violation on /api with a console open, in light and in dark mode.
 * The unit test of the mock (tests/unit/api-console-mock.spec.ts) covers every error status of every operation.
 */
import fs from 'node:fs';
import type {Locator, Page} from '@playwright/test';
import {test, expect, allowHttpError} from '../support/fixtures';
import {axeViolations} from '../support/axe';
import {answerProblems, OPERATIONS} from '../support/api-console';
import {apiOperation} from '../support/api-description';
import {SEED_OBSERVATION_COUNT, SEED_USERS, seedSummary, type DialectName} from 'synkronus-mock/src';
import {knownIssueEntries} from '../support/known-issues';
import {writeZip} from 'synkronus-mock/src/zip';
import {harHeader, harProblems, type HarEntry} from '../support/har';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {RELEASE_TAG} from '../support/release';

/** Opens the console of an operation and returns its panel. */
async function openConsole(page: Page, op: Pick<ContractOperation, 'anchor' | 'summary'>): Promise<Locator> {
  const section = page
    .locator('section')
    .filter({has: page.locator(`[id="${op.anchor}"]`)})
    .last();
  const button = section.getByRole('button', {name: 'Try it'});
  // Pressing the button of an open console closes it.
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', {name: `Try it: ${op.summary}`});
  await expect(panel.getByRole('button', {name: 'Send'})).toBeVisible();
  return panel;
}

type Shown = {status: number; contentType: string | null; body: string};

/** Sends the panel's request and reads the answer it shows. */
async function sendAndRead(panel: Locator): Promise<Shown> {
  const response = panel.getByRole('region', {name: /^Response: /});
  // The region counts the answers it has shown: wait for the next one.
  const count = Number((await response.getAttribute('data-answers')) ?? 0);
  await panel.getByRole('button', {name: 'Send'}).click();
  await expect(response).toHaveAttribute('data-answers', String(count + 1));
  const status = Number(/Status (\d{3})/.exec((await response.getByText(/^Status \d{3}/).textContent()) ?? '')![1]);
  const headers = await response.locator('li code').allTextContents();
  const contentType = headers.find((h) => h.toLowerCase().startsWith('content-type:'))?.split(': ')[1] ?? null;
  const body = (await response.getByLabel(/^Response body/).textContent()) ?? '';
  return {status, contentType, body};
}

const seedUser = (role: string) => SEED_USERS.find((u) => u.role === role)!;

const DIALECT_RADIO: Record<DialectName, RegExp> = {
  description: /as the API description 1\.0\.3 says/,
  [RELEASE_TAG]: new RegExp(`as the server of ODE ${RELEASE_TAG.replace(/\./g, '\\.')} does`),
};

/** Chooses the dialect every console of the page answers in (the switch of any open console, here Log in's). */
async function chooseDialect(page: Page, dialect: DialectName) {
  const panel = await openConsole(page, byId('login'));
  await panel.getByRole('radio', {name: DIALECT_RADIO[dialect]}).check();
  await expect(panel.getByRole('radio', {name: DIALECT_RADIO[dialect]})).toBeChecked();
}

/** The seeded user an operation's happy path logs in as: fieldworker when allowed (the examples are written for them). */
function userFor(op: ContractOperation) {
  const fieldworker = SEED_USERS.find((u) => u.username === 'fieldworker')!;
  return op.roles.includes(fieldworker.role)
    ? fieldworker
    : seedUser(op.roles.includes('admin') ? 'admin' : op.roles[0]);
}

const byId = (id: string) => OPERATIONS.find((op) => op.operationId === id)!;
const LOGIN = byId('login');

/** Logs in through the Log in console; returns its answer's body. */
async function login(
  page: Page,
  user: {username: string; password: string},
): Promise<{token: string; refreshToken: string}> {
  const panel = await openConsole(page, LOGIN);
  await panel
    .getByLabel('Request body (JSON)')
    .fill(JSON.stringify({username: user.username, password: user.password}));
  const shown = await sendAndRead(panel);
  expect(shown.status, shown.body).toBe(200);
  return JSON.parse(shown.body) as {token: string; refreshToken: string};
}

/** What the happy path of an operation changes from the documented example, where the seed makes the example fail on purpose. */
/** An attachment of the seed. */
const STORED_ATTACHMENT = '3f2b9c1e-7d4a-4e8b-a6c5-1d2e3f4a5b6c.jpg';

const HAPPY_INPUTS: Record<string, (panel: Locator, context: {refreshToken: string}) => Promise<void>> = {
  refreshToken: (panel, {refreshToken}) => panel.getByLabel('Request body (JSON)').fill(JSON.stringify({refreshToken})),
  createUser: (panel) =>
    panel
      .getByLabel('Request body (JSON)')
      .fill(JSON.stringify({username: 'enumerator', password: 'pw-123456', role: 'read-only'})),
  uploadAttachment: async (panel) => {
    await panel.getByLabel(/^attachment_id/).fill('new-photo.jpg');
    await panel
      .getByLabel(/^file/)
      .setInputFiles({name: 'new-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('photo bytes')});
  },
  // ODE's file's example id, abc123.jpg, is not one of the seed's attachments.
  downloadAttachment: (panel) => panel.getByLabel(/^attachment_id/).fill(STORED_ATTACHMENT),
  checkAttachmentExists: (panel) => panel.getByLabel(/^attachment_id/).fill(STORED_ATTACHMENT),
  // Both versions, as a reader who compares two chooses them.
  getAppBundleChanges: async (panel) => {
    await panel.getByLabel(/^current/).fill('20250605-143000');
    await panel.getByLabel(/^target/).fill('20250612-091000');
  },
  pushAppBundle: (panel) =>
    panel.getByLabel(/^bundle/).setInputFiles({
      name: 'bundle.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(writeZip([{name: 'app/index.html', data: new TextEncoder().encode('<p>new</p>')}])),
    }),
};

test.describe('the "Try it" console of /api', () => {
  for (const op of OPERATIONS) {
    test(`${op.operationId}: the happy path through the console matches the description`, async ({page}) => {
      await page.goto('/api');
      await chooseDialect(page, 'description');
      let refreshToken = '';
      if (!op.isPublic || op.operationId === 'refreshToken') {
        const user = userFor(op);
        ({refreshToken} = await login(page, op.isPublic ? SEED_USERS[0] : user));
      }
      const panel = op.operationId === 'login' ? await openConsole(page, op) : await openConsole(page, op);
      if (!op.isPublic) {
        const user = userFor(op);
        await expect(panel.getByText(`Logged in as ${user.username}, role in use ${user.role}.`)).toBeVisible();
        await expect(panel.getByLabel('Bearer token')).not.toHaveValue('');
      }
      if (op.rolesUnspecified) {
        const note = panel.getByText(
          `The description does not list the role${op.rolesUnspecified.length > 1 ? 's' : ''} ${op.rolesUnspecified.join(', ')} for this call`,
        );
        await expect(note).toBeVisible();
        // The roles that may make the call are stated once, in the operation's access facts, not again here.
        for (const role of op.roles) await expect(note).not.toContainText(role);
      }
      await HAPPY_INPUTS[op.operationId]?.(panel, {refreshToken});
      const shown = await sendAndRead(panel);
      expect(shown.status, shown.body).toBeGreaterThanOrEqual(200);
      expect(shown.status, shown.body).toBeLessThan(300);
      const isJson = (shown.contentType ?? '').includes('json');
      expect(
        answerProblems(
          op.operationId,
          shown.status,
          shown.contentType,
          isJson ? shown.body : op.method === 'HEAD' ? null : 'bytes',
        ),
      ).toEqual([]);
    });
  }

  test('errors are shown as the mock answers them: documented 401, 403 and 409, and 400, 404 the description leaves open, 304', async ({
    page,
  }) => {
    await page.goto('/api');
    await chooseDialect(page, 'description');
    const users = await openConsole(page, byId('listUsers'));
    // No login yet: the 401 listUsers documents, a ProblemDetail.
    let shown = await sendAndRead(users);
    expect(shown.status).toBe(401);
    expect(shown.contentType).toBe('application/problem+json');
    expect(answerProblems('listUsers', shown.status, shown.contentType, shown.body)).toEqual([]);

    await login(page, seedUser('read-only'));
    const pull = await openConsole(page, byId('syncPull'));
    await expect(pull.getByText('Logged in as viewer, role in use read-only.')).toBeVisible();
    // Invalid input: ODE's file lists no 400 for a pull, so the answer is one it leaves open, with no text the
    // description does not give; the engine names the field in its own words, beside the answer, ending in one
    // full stop.
    await pull.getByLabel(/^limit/).fill('0');
    shown = await sendAndRead(pull);
    expect(shown.status).toBe(400);
    expect(JSON.parse(shown.body)).toEqual({error: 'not specified by the description'});
    const why = pull.getByText(/^Why, in the engine's words \(not the server's\): /);
    await expect(why).toContainText('limit');
    await expect(why).toHaveText(/[^.]\.$/);
    await pull.getByLabel(/^limit/).fill('');
    await pull.getByLabel('Request body (JSON)').fill('{"client_id": ');
    shown = await sendAndRead(pull);
    expect(shown.status).toBe(400);
    await expect(why).toContainText('not JSON');

    // ODE's file lists only admin for listing users, and documents 403 for the others.
    shown = await sendAndRead(users);
    expect(shown.status).toBe(403);
    expect(answerProblems('listUsers', 403, shown.contentType, shown.body)).toEqual([]);

    // 404 and 304 on app bundle files.
    const file = await openConsole(page, byId('downloadAppBundleFile'));
    shown = await sendAndRead(file);
    expect(shown.status).toBe(200);
    const etag = (
      await file
        .getByRole('region', {name: /^Response: /})
        .locator('li code')
        .allTextContents()
    )
      .find((h) => h.startsWith('etag:'))!
      .split(': ')[1];
    await file.getByLabel(/^if-none-match/i).fill(etag);
    shown = await sendAndRead(file);
    expect(shown.status).toBe(304);
    await file.getByLabel(/^path/).fill('app/missing.js');
    shown = await sendAndRead(file);
    // A download lists no 404: a missing file is an answer the description leaves open.
    expect(shown.status).toBe(404);

    // 409: a user of the seed, created again.
    await login(page, seedUser('admin'));
    const create = await openConsole(page, byId('createUser'));
    await create
      .getByLabel('Request body (JSON)')
      .fill(JSON.stringify({username: 'fieldworker', password: 'another-passphrase', role: 'read-write'}));
    shown = await sendAndRead(create);
    expect(shown.status).toBe(409);
    expect(answerProblems('createUser', 409, shown.contentType, shown.body)).toEqual([]);

    // An expired token: 401; reset forgets every token.
    await users.getByRole('button', {name: 'Expire the tokens'}).click();
    await expect(
      users.getByText('The token of the last login has expired or is no longer valid: log in again.'),
    ).toBeVisible();
    shown = await sendAndRead(users);
    expect(shown.status).toBe(401);
    await users.getByRole('button', {name: 'Reset to the seed'}).click();
    await expect(users.getByText(/^Not logged in/)).toBeVisible();
  });

  test('"Copy as curl" gives the same request for the server URL the reader types', async ({page}) => {
    await page.goto('/api');
    const pull = await openConsole(
      page,
      OPERATIONS.find((op) => op.operationId === 'syncPull')!,
    );
    const curl = pull.getByLabel('curl command');
    await expect(curl).toContainText('curl "http://localhost:8080/sync/pull"');
    await pull.getByLabel(/^limit/).fill('20');
    await pull.getByLabel('Server URL').fill('https://sync.example.org');
    await expect(curl).toContainText('curl "https://sync.example.org/sync/pull?limit=20"');
    await expect(curl).toContainText('"client_id": "formulus-4f8c2a91"');
    await pull.getByRole('button', {name: 'Copy as curl'}).click();
    await expect(pull.getByRole('status').filter({hasText: /Copied|copy it/})).toBeVisible();
  });

  test('the console is usable with the keyboard', async ({page}) => {
    await page.goto('/api');
    const section = page
      .locator('section')
      .filter({has: page.locator('[id="operation/getHealth"]')})
      .last();
    const button = section.getByRole('button', {name: 'Try it'});
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', {name: 'Try it: Health check endpoint'});
    const send = panel.getByRole('button', {name: 'Send'});
    await expect(send).toBeVisible();
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('region', {name: 'Response: Health check endpoint'})).toContainText('Status 200 OK');
    await button.focus();
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('Send keeps the keyboard focus while its request is pending, and after the answer', async ({page}) => {
    await page.goto('/api');
    const panel = await openConsole(page, byId('getHealth'));
    const send = panel.getByRole('button', {name: 'Send'});
    const response = panel.getByRole('region', {name: /^Response: /});
    // Every time the focus leaves Send, and whether Send was marked unavailable (pending) while focused.
    await send.evaluate((button) => {
      const log = {focusLost: 0, focusedWhilePending: false};
      (window as unknown as {sendFocusLog: typeof log}).sendFocusLog = log;
      button.addEventListener('focusout', () => log.focusLost++);
      new MutationObserver(() => {
        if (button.getAttribute('aria-disabled') === 'true' && document.activeElement === button)
          log.focusedWhilePending = true;
      }).observe(button, {attributes: true});
    });
    // Health lists no parameter in ODE's file: the focus starts on Send itself.
    await send.focus();
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(response).toHaveAttribute('data-answers', '1');
    await expect(send).toBeFocused();
    await expect(send).toHaveAttribute('aria-disabled', 'false');
    // Space, the other key of a button, sends again from where the focus stayed.
    await page.keyboard.press('Space');
    await expect(response).toHaveAttribute('data-answers', '2');
    await expect(send).toBeFocused();
    await expect(response).toContainText('Status 200 OK');
    const log = await page.evaluate(() => (window as unknown as {sendFocusLog: object}).sendFocusLog);
    expect(log).toEqual({focusLost: 0, focusedWhilePending: true});
  });

  test('"Copy as curl" with a body that is not JSON says it is invalid instead of quoting it', async ({page}) => {
    await page.goto('/api');
    const pull = await openConsole(page, byId('syncPull'));
    const body = pull.getByLabel('Request body (JSON)');
    await body.fill('{"client_id": ');
    await expect(pull.getByLabel('curl command')).toHaveCount(0);
    await expect(
      pull.getByText(/^The request body is not valid JSON \(.+\), so there is no curl command for it/),
    ).toBeVisible();
    await pull.getByRole('button', {name: 'Copy as curl'}).click();
    await expect(pull.getByRole('status').filter({hasText: /^Nothing copied/})).toHaveText(
      'Nothing copied: the request body is not valid JSON.',
    );
    // Corrected, the body is in the command as JSON again.
    await body.fill('{"client_id": "formulus-1"}');
    await expect(pull.getByLabel('curl command')).toContainText('"client_id": "formulus-1"');
    await expect(pull.getByText(/^The request body is not valid JSON/)).toHaveCount(0);
  });

  test('the prefilled Pull example returns records on the first try', async ({page}) => {
    await page.goto('/api');
    await login(page, seedUser('read-only'));
    const pull = await openConsole(page, byId('syncPull'));
    const example = JSON.parse(await pull.getByLabel('Request body (JSON)').inputValue()) as {
      since: {version: number};
      schema_types: string[];
    };
    const shown = await sendAndRead(pull);
    expect(shown.status, shown.body).toBe(200);
    const answer = JSON.parse(shown.body) as {
      current_version: number;
      change_cutoff: number;
      records: {form_type: string; version: number}[];
    };
    expect(answer.records.length, 'records of the prefilled example').toBeGreaterThan(0);
    for (const record of answer.records) {
      expect(record.version).toBeGreaterThan(example.since.version);
      expect(example.schema_types).toContain(record.form_type);
    }
    expect(answer.change_cutoff).toBeLessThanOrEqual(answer.current_version);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`/api with a console open has no axe violations in ${colorScheme} mode`, async ({page}) => {
      test.slow(); // axe over the whole reference
      await page.emulateMedia({colorScheme});
      await page.goto('/api');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await chooseDialect(page, 'description');
      await login(page, seedUser('read-write'));
      const pull = await openConsole(
        page,
        OPERATIONS.find((op) => op.operationId === 'syncPull')!,
      );
      await sendAndRead(pull);
      await pull.getByLabel(/^limit/).fill('0');
      expect((await sendAndRead(pull)).status).toBe(400);
      expect(await axeViolations(page), `axe violations on /api with a console open in ${colorScheme} mode`).toEqual(
        [],
      );
    });
  }
});

test('"Try it" without JavaScript says, at every operation, that the console needs it', async ({browser, baseURL}) => {
  const context = await browser.newContext({baseURL, javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/api');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
  for (const op of OPERATIONS) {
    const section = page
      .locator('section')
      .filter({has: page.locator(`[id="${op.anchor}"]`)})
      .last();
    await expect(section.getByRole('button', {name: 'Try it'})).toBeVisible();
    await expect(section.getByText(/^The console runs the API in this page and needs JavaScript/)).toBeVisible();
  }
  await context.close();
});

test('with JavaScript, "Try it" has no word about JavaScript', async ({page}) => {
  await page.goto('/api');
  await expect(page.getByRole('button', {name: 'Try it'}).first()).toBeVisible();
  await expect(page.getByText(/needs JavaScript/)).toHaveCount(0);
});

test('the navbar, back on scrolling up, never covers the contents list of /api', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto('/api');
  const navbar = page.getByRole('navigation', {name: 'Main'});
  const contents = page.getByRole('navigation', {name: 'API reference'});
  const box = (locator: Locator) =>
    locator.evaluate((element) => {
      const {top, bottom} = element.getBoundingClientRect();
      return {top, bottom};
    });
  await page.mouse.move(800, 400);
  // Scrolled down, in two moves (the theme hides the navbar on a scroll that follows another one downwards):
  // the navbar hides above the window.
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.mouse.wheel(0, 3000);
  await expect.poll(async () => (await box(navbar)).bottom).toBeLessThanOrEqual(0);
  await page.mouse.wheel(0, -300);
  // Scrolled up: the navbar is back in full at the top of the window.
  await expect.poll(async () => (await box(navbar)).top).toBe(0);
  const bar = await box(navbar);
  expect((await box(contents)).top, 'the contents list starts below the navbar').toBeGreaterThanOrEqual(bar.bottom);
  const firstEntry = contents.getByRole('link').first();
  await expect(firstEntry).toBeVisible();
  expect((await box(firstEntry)).top).toBeGreaterThanOrEqual(bar.bottom);
});

test.describe('the sync playground', () => {
  // Three Observations as ODE's file describes them: both dialects store them all.
  const PUSHED = '3 records stored, 0 in failed_records.';
  for (const dialect of [RELEASE_TAG, 'description'] as const)
    test(`a guided sync pushes a batch, then pulls every seeded observation exactly once, page by page, then the attachment manifest (${dialect} dialect)`, async ({
      page,
    }) => {
      await page.goto('/docs/documentation/synkronus/sync-protocol');
      const region = page.getByRole('region', {name: 'Sync playground'});
      await region.getByRole('button', {name: 'Start the sync playground'}).click();
      // The release the site documents answers unless the reader switches.
      await expect(region.getByRole('radio', {name: DIALECT_RADIO[RELEASE_TAG]})).toBeChecked();
      await region.getByRole('radio', {name: DIALECT_RADIO[dialect]}).check();
      await region.getByRole('button', {name: 'Log in as fieldworker'}).click();
      await region.getByRole('button', {name: 'Push a batch of three records'}).click();
      const push = region.getByRole('listitem', {name: '2. Push a batch'});
      await expect(push).toContainText('Status 200 OK');
      await expect(push).toContainText(PUSHED);

      const pulled: string[] = [];
      let pages = 0;
      for (;;) {
        const next = region.getByRole('button', {name: /^Pull the (first|next) page/});
        await next.click();
        pages++;
        const step = region.getByRole('listitem', {name: new RegExp(`Pull page ${pages}$`)});
        await expect(step).toContainText('Status 200 OK');
        const body = JSON.parse((await step.getByLabel('Response body').textContent()) ?? '') as {
          records: {observation_id: string}[];
          has_more: boolean;
          change_cutoff: number;
        };
        pulled.push(...body.records.map((r) => r.observation_id));
        if (!body.has_more) {
          await expect(step).toContainText(`has_more is false: stop. Keep change_cutoff, ${body.change_cutoff}`);
          break;
        }
        await expect(step).toContainText(
          `pull again with since.version set to this change_cutoff, ${body.change_cutoff}`,
        );
      }
      expect(pages).toBe(3);
      const seeded = pulled.filter((id) => id.startsWith('obs-seed-'));
      expect(seeded).toHaveLength(SEED_OBSERVATION_COUNT);
      expect(new Set(seeded).size).toBe(SEED_OBSERVATION_COUNT);
      expect(new Set(pulled).size).toBe(pulled.length);
      await expect(region.getByRole('status').filter({hasText: /^Pulled/})).toHaveText(
        `Pulled ${pulled.length} records in 3 pages, ${pulled.length} distinct.`,
      );

      await region.getByRole('button', {name: 'Get the attachment manifest'}).click();
      const manifest = region.getByRole('listitem', {name: /Get the attachment manifest$/});
      await expect(manifest).toContainText('Status 200 OK');
      const manifestBody = await manifest.getByLabel('Response body').textContent();
      if (dialect === 'description')
        expect(answerProblems('getAttachmentManifest', 200, 'application/json', manifestBody)).toEqual([]);
      else {
        // Always empty at the release, and null where the description wants a list: the answer names both entries.
        expect(JSON.parse(manifestBody ?? '')).toMatchObject({operations: null, total_download_size: 0});
        await expect(manifest.getByText('No operation to apply')).toBeVisible();
      }
      await expect(region.getByRole('button', {name: /^(Pull|Get|Log in|Push)/})).toHaveCount(0);
    });
});

test('the sync playground can be walked through with the keyboard alone, the focus staying on the next step', async ({
  page,
}) => {
  await page.goto('/docs/documentation/synkronus/sync-protocol');
  const region = page.getByRole('region', {name: 'Sync playground'});
  await region.getByRole('button', {name: 'Start the sync playground'}).focus();
  await page.keyboard.press('Enter');
  // Each step's button keeps the focus while its request runs, and becomes the next step's button.
  const labels = [
    'Log in as fieldworker',
    'Push a batch of three records',
    /^Pull the first page/,
    /^Pull the next page/,
    /^Pull the next page/,
    'Get the attachment manifest',
  ];
  for (const [i, label] of labels.entries()) {
    await expect(region.getByRole('button', {name: label})).toBeFocused();
    await page.keyboard.press('Enter');
    // The step is done once it is listed and the buttons are enabled again.
    await expect(region.getByRole('listitem', {name: new RegExp(`^${i + 1}\\. `)})).toContainText('Status 200 OK');
    await expect(region.getByRole('button', {name: 'Start over'})).toHaveAttribute('aria-disabled', 'false');
  }
  // The last step's button is gone: the focus is on Start over, not lost to the page.
  await expect(region.getByRole('button', {name: /^(Pull|Get|Log in|Push)/})).toHaveCount(0);
  await expect(region.getByRole('button', {name: 'Start over'})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(region.getByRole('button', {name: 'Log in as fieldworker'})).toBeVisible();
});

test.describe('the dialects of the console', () => {
  test('on /api the console answers as the description unless the reader chooses the release, a choice kept across pages and visits', async ({
    page,
    browser,
  }) => {
    await page.goto('/api');
    const health = await openConsole(page, byId('getHealth'));
    await expect(health.getByRole('radio', {name: DIALECT_RADIO.description})).toBeChecked();
    const shown = await sendAndRead(health);
    expect(shown.status).toBe(200);
    const response = health.getByRole('region', {name: /^Response: /});
    await expect(response.getByText('Answered as the API description 1.0.3 says.')).toBeVisible();
    // Same status, another body: said as it is, not as "the same way".
    await expect(
      response.getByText(
        /^Answered as the server of ODE v1\.0\.0-alpha\.6 does, this request gets another body \(also 200\)/,
      ),
    ).toBeVisible();

    // The release is one click away, and the choice stays: after a reload, and in the guides' playground.
    await health.getByRole('radio', {name: DIALECT_RADIO[RELEASE_TAG]}).check();
    await page.reload();
    const again = await openConsole(page, byId('getHealth'));
    await expect(again.getByRole('radio', {name: DIALECT_RADIO[RELEASE_TAG]})).toBeChecked();
    await page.goto('/api');
    await chooseDialect(page, 'description');
    await page.goto('/docs/documentation/synkronus/sync-protocol');
    const playground = page.getByRole('region', {name: 'Sync playground'});
    await playground.getByRole('button', {name: 'Start the sync playground'}).click();
    await expect(playground.getByRole('radio', {name: DIALECT_RADIO.description})).toBeChecked();

    // A reader who never chose: the guides' playground answers as the release the site documents.
    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto('/docs/documentation/synkronus/sync-protocol');
      const region = other.getByRole('region', {name: 'Sync playground'});
      await region.getByRole('button', {name: 'Start the sync playground'}).click();
      await expect(region.getByRole('radio', {name: DIALECT_RADIO[RELEASE_TAG]})).toBeChecked();
    } finally {
      await fresh.close();
    }
  });

  test('answering as the release, each answer names what shaped it, with a working link', async ({page}) => {
    await page.goto('/api');
    await chooseDialect(page, RELEASE_TAG);
    const health = await openConsole(page, byId('getHealth'));
    const shown = await sendAndRead(health);
    expect(shown.status).toBe(200);
    expect(shown.contentType).toBe('text/plain');
    expect(shown.body).toMatch(/\bOK$/);
    const response = health.getByRole('region', {name: /^Response: /});
    await expect(response.getByText(`Answered as the server of ODE ${RELEASE_TAG} does.`)).toBeVisible();
    // The other dialect's answer to the same request, and the Known issues entry that explains the difference.
    const other = response.getByText(
      /^Answered as the API description 1\.0\.3 says, this request gets another body \(also 200\)/,
    );
    await expect(other).toBeVisible();
    const entry = other.getByRole('link', {
      name: knownIssueEntries()
        .find((e) => e.id === 'health-always-ok')!
        .title.replace(/`/g, ''),
    });
    // Straight to the entry on its area's page, not to the overview that lists it.
    await expect(entry).toHaveAttribute(
      'href',
      '/docs/documentation/synkronus/known-issues/server-and-deployment#health-always-ok',
    );
    await entry.click();
    await expect(page).toHaveURL(
      /\/docs\/documentation\/synkronus\/known-issues\/server-and-deployment#health-always-ok$/,
    );
    await expect(page.getByRole('heading', {name: /GET \/health always answers 200/})).toBeVisible();
  });

  test('an admin push: the description leaves it open (501 Not Implemented), the release allows it, and the note cites only that entry', async ({
    page,
  }) => {
    await page.goto('/api');
    await login(page, seedUser('admin'));
    const push = await openConsole(page, byId('syncPush'));
    const shown = await sendAndRead(push);
    expect(shown.status).toBe(501);
    const response = push.getByRole('region', {name: /^Response: /});
    // A status the operation does not document still gets its reason phrase.
    await expect(response.getByText('Status 501 Not Implemented')).toBeVisible();
    const other = response.getByText(
      /^Answered as the server of ODE v1\.0\.0-alpha\.6 does, this request gets \d{3} instead: see /,
    );
    await expect(other.getByRole('link')).toHaveText([
      knownIssueEntries()
        .find((e) => e.id === 'admin-may-push-and-upload')!
        .title.replace(/`/g, ''),
    ]);
  });

  test("answering as the description, a request the release answers otherwise says how, and GET /version gives the description's example", async ({
    page,
  }) => {
    await page.goto('/api');
    await chooseDialect(page, 'description');
    await login(page, seedUser('read-write'));
    const change = await openConsole(page, byId('changePassword'));
    await change
      .getByLabel('Request body (JSON)')
      .fill(JSON.stringify({currentPassword: seedUser('read-write').password, newPassword: 'a-new-passphrase'}));
    const shown = await sendAndRead(change);
    expect(shown.status).toBe(200);
    const response = change.getByRole('region', {name: /^Response: /});
    await expect(response.getByText('Answered as the API description 1.0.3 says.')).toBeVisible();
    const other = response.getByText(
      /^Answered as the server of ODE v1\.0\.0-alpha\.6 does, this request gets 401 instead/,
    );
    await expect(other.getByRole('link', {name: 'Changing your own password always fails with 401'})).toHaveAttribute(
      'href',
      '/docs/documentation/synkronus/known-issues/users-and-tokens#change-password-always-401',
    );

    // The description gives GET /version's answer as an example: that is what it answers.
    const version = await openConsole(page, byId('getVersion'));
    const answer = await sendAndRead(version);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(byId('getVersion').responses.find((r) => r.status === '200')!.example);

    // Switching: each dialect keeps its own state, so the release's console has no login yet.
    await version.getByRole('radio', {name: DIALECT_RADIO[RELEASE_TAG]}).check();
    await expect(change.getByText(/^Not logged in/)).toBeVisible();
  });
});

test('the session saves as a HAR file, offline, with each request, its answer, the dialect and the rules', async ({
  page,
  context,
}) => {
  await page.goto('/api');
  await login(page, seedUser('read-write'));
  const pull = await openConsole(page, byId('syncPull'));
  // The console runs in the page: saving needs no network.
  await context.setOffline(true);
  expect((await sendAndRead(pull)).status).toBe(200);
  await expect(pull.getByText(/\b2 exchanges so far:/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pull.getByRole('button', {name: 'Save the session as HAR'}).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^synkronus-session-[\d-]+T[\d-]+\.har$/);
  const har = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {log: {entries: HarEntry[]}};
  await context.setOffline(false);
  expect(harProblems(har)).toEqual([]);
  const {entries} = har.log;
  expect(entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`)).toEqual([
    'POST /auth/login 200',
    'POST /sync/pull 200',
  ]);
  expect(JSON.parse(entries[0].request.postData!.text)).toMatchObject({username: seedUser('read-write').username});
  expect(entries.map((e) => harHeader(e, 'x-synkronus-dialect'))).toEqual(['description', 'description']);
  expect(JSON.parse(entries[1].response.content.text!)).toHaveProperty('records');
});

test('the sync playground saves its session as a HAR file too', async ({page}) => {
  await page.goto('/docs/documentation/synkronus/sync-protocol');
  const region = page.getByRole('region', {name: 'Sync playground'});
  await region.getByRole('button', {name: 'Start the sync playground'}).click();
  await region.getByRole('button', {name: 'Log in as fieldworker'}).click();
  await expect(region.getByRole('listitem', {name: /^1\. /})).toContainText('Status 200 OK');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    region.getByRole('button', {name: 'Save the session as HAR'}).click(),
  ]);
  const har = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {log: {entries: HarEntry[]}};
  expect(harProblems(har)).toEqual([]);
  expect(har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual([
    'POST /auth/login',
  ]);
  expect(harHeader(har.log.entries[0], 'x-synkronus-dialect')).toBe(RELEASE_TAG);
});

test('the seed note states the seed of the dialect that answers, counted from that seed', async ({page}) => {
  await page.goto('/api');
  const health = await openConsole(page, byId('getHealth'));
  const note = health.getByText(/^Its seed: users/);
  for (const dialect of ['description', RELEASE_TAG] as const) {
    await health.getByRole('radio', {name: DIALECT_RADIO[dialect]}).check();
    const seed = seedSummary(dialect);
    const first = seed.bundleVersions[0];
    const last = seed.bundleVersions[seed.bundleVersions.length - 1];
    await expect(note).toContainText(`${seed.observations} observations`);
    await expect(note).toContainText(`changed at versions ${seed.versions[0]} to ${seed.versions[1]}`);
    await expect(note).toContainText(`${seed.attachments} attachment${seed.attachments === 1 ? '' : 's'}`);
    await expect(note).toContainText(
      `${seed.bundleVersions.length} app bundle versions, ${first} to ${last}, ${seed.activeBundle} active`,
    );
  }
  // The two seeds differ where the release stores otherwise: its version names, and no deleted attachment.
  expect(seedSummary(RELEASE_TAG).bundleVersions).toEqual(['0001', '0002', '0003']);
  expect(seedSummary('description').deletedAttachments).toBe(1);
});

test.describe('when the console cannot be downloaded', () => {
  /** The scripts fetched after the page has loaded: the console's chunks among them. */
  const SCRIPTS = /\/assets\/js\//;
  /** What the reader is told, in words: never a chunk's name or address. */
  const CONSOLE_UNAVAILABLE =
    'The console could not be loaded, most likely because the connection is down. It loads once the connection is back, or when you press Try it again. Save the site for offline reading to use it without a network.';
  const PLAYGROUND_UNAVAILABLE =
    'The playground could not be loaded, most likely because the connection is down. It starts once the connection is back, or when you press the button again. Save the site for offline reading to use it without a network.';
  const tryIt = (page: Page, op: Pick<ContractOperation, 'anchor'>) =>
    page
      .locator('section')
      .filter({has: page.locator(`[id="${op.anchor}"]`)})
      .last()
      .getByRole('button', {name: 'Try it'});

  test('offline, "Try it" says so in a plain sentence, and the console opens by itself once the link is back', async ({
    page,
    context,
  }) => {
    await page.goto('/api');
    allowHttpError(page, SCRIPTS);
    await context.setOffline(true);
    const button = tryIt(page, LOGIN);
    await button.click();
    const panel = page.getByRole('region', {name: `Try it: ${LOGIN.summary}`});
    await expect(panel.getByRole('alert')).toHaveText(CONSOLE_UNAVAILABLE);
    await expect(panel.getByText(/chunk|\.js\b|\/assets\//)).toHaveCount(0);

    await context.setOffline(false);
    await expect(panel.getByRole('button', {name: 'Send'})).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('alert')).toHaveCount(0);
  });

  test('a console whose download was lost opens at the next press of "Try it", the first', async ({page}) => {
    await page.goto('/api');
    allowHttpError(page, SCRIPTS);
    // The browser is online, but every script is lost on the way: each retry fails too.
    let lost = true;
    await page.route(SCRIPTS, (route) => (lost ? route.abort('connectionreset') : route.continue()));
    const button = tryIt(page, LOGIN);
    await button.click();
    const panel = page.getByRole('region', {name: `Try it: ${LOGIN.summary}`});
    await expect(panel.getByRole('alert')).toBeVisible();

    lost = false;
    await button.click();
    await expect(panel.getByRole('button', {name: 'Send'})).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Pressed again, it closes, as ever.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('offline, the sync playground says so in a plain sentence, and starts by itself once the link is back', async ({
    page,
    context,
  }) => {
    await page.goto('/docs/documentation/synkronus/sync-protocol');
    allowHttpError(page, SCRIPTS);
    // The page's diagrams load as they come near the window: those passed on the way to the playground fail offline.
    allowHttpError(page, /\/assets\/images\//);
    await context.setOffline(true);
    const region = page.getByRole('region', {name: 'Sync playground'});
    await region.getByRole('button', {name: 'Start the sync playground'}).click();
    await expect(region.getByRole('alert')).toHaveText(PLAYGROUND_UNAVAILABLE);

    await context.setOffline(false);
    await expect(region.getByRole('button', {name: 'Log in as fieldworker'})).toBeVisible();
  });
});

test('"Try it" keeps a gap of at least 8 px above the description under it', async ({page}) => {
  await page.goto('/api');
  const pull = apiOperation('post', '/sync/pull');
  const section = page
    .locator('section')
    .filter({has: page.locator(`[id="${byId(pull.operationId).anchor}"]`)})
    .last();
  const button = section.getByRole('button', {name: 'Try it'});
  // The first paragraph of the operation's description, the text right under the button.
  const firstParagraph = pull.operation.description!.split('\n')[0];
  const paragraph = section.getByText(firstParagraph, {exact: true});
  await paragraph.scrollIntoViewIfNeeded();
  const buttonBox = (await button.boundingBox())!;
  const paragraphBox = (await paragraph.boundingBox())!;
  expect(
    paragraphBox.y - (buttonBox.y + buttonBox.height),
    'the gap between the button and the paragraph under it, in px',
  ).toBeGreaterThanOrEqual(8);
});
