/**
 * The command table (data/synk-commands.json) matches synk at the ODE release the site documents
 * (v1.0.0-alpha.6): the command groups, commands and global flags defined with Cobra in
 * synkronus-cli/internal/cmd/*.go at that tag, and none of the commands that older documentation or later
 * releases name but that this release does not have.
 */
import {test, expect} from '@playwright/test';
import {readRepoFile} from '../support/content';
import {loadCommandData} from '../support/synk-commands';
import {AREA_DIR, knownIssueEntries} from '../support/known-issues';
import {API} from '../support/api-description';
import {listOperations} from '../../src/api/openapi';

/** The commands of synk at v1.0.0-alpha.6, transcribed from the `Use:` fields of synkronus-cli/internal/cmd/*.go. */
const RELEASE_COMMANDS = [
  'login',
  'logout',
  'status',
  'health',
  'version',
  'completion',
  'help',
  'config init',
  'config view',
  'config set',
  'app-bundle manifest',
  'app-bundle versions',
  'app-bundle download',
  'app-bundle upload',
  'app-bundle changes',
  'app-bundle switch',
  'sync pull',
  'sync push',
  'attachments upload',
  'attachments download',
  'attachments exists',
  'user list',
  'user create',
  'user delete',
  'user reset-password',
  'user change-password',
];
const RELEASE_GROUPS = ['app-bundle', 'sync', 'attachments', 'user', 'config'];
const RELEASE_GLOBAL_FLAGS = ['--config', '--api-url', '--api-version', '--help'];

/**
 * Named in older documents, or added by releases after v1.0.0-alpha.6 (qr, config use, data export), but not
 * commands of synk at the documented release.
 */
const NOT_COMMANDS = [
  'app-bundle current',
  'app-bundle diff',
  'app-bundle forms',
  'app-bundle activate',
  'app-bundle list',
  'users',
  'observations',
  'db',
  'server',
  'logs',
  'auth status',
  'forms',
  'qr',
  'config use',
  'data',
  'data export',
];

const data = loadCommandData();
const commandNames = data.commands.map((c) => c.command);

test('the table has exactly the command groups of the release', () => {
  expect(data.groups.map((g) => g.name).sort()).toEqual([...RELEASE_GROUPS].sort());
});

test('the table has exactly the commands of the release', () => {
  expect([...commandNames].sort()).toEqual([...RELEASE_COMMANDS].sort());
});

test('the global flags are those of the release, without --version, -c or --verbose', () => {
  expect(data.globalFlags.map((f) => f.long).sort()).toEqual([...RELEASE_GLOBAL_FLAGS].sort());
  const globalNames = data.globalFlags.flatMap((f) => [f.long, f.short]);
  for (const missing of ['--version', '-c', '--verbose']) expect(globalNames).not.toContain(missing);
});

test('commands that do not exist are not in the table', () => {
  for (const name of NOT_COMMANDS) {
    expect(commandNames, `"synk ${name}" is not a command of synk`).not.toContain(name);
    expect(data.groups.map((g) => g.name)).not.toContain(name);
  }
});

test('the flags of the release are on their commands', () => {
  const flagsOf = (command: string) => data.commands.find((c) => c.command === command)!.flags.map((f) => f.long);
  // At v1.0.0-alpha.6 the upload command has no flags: no local validation, no --activate (later releases added them).
  expect(flagsOf('app-bundle upload')).toEqual([]);
  expect(flagsOf('sync pull').sort()).toEqual([
    '--client-id',
    '--current-version',
    '--limit',
    '--page-token',
    '--schema-types',
  ]);
  expect(flagsOf('user create').sort()).toEqual(['--password', '--role', '--username']);
  expect(flagsOf('user change-password').sort()).toEqual(['--new-password', '--old-password']);
  expect(data.commands.find((c) => c.command === 'completion')!.argChoices).toEqual([
    'bash',
    'zsh',
    'fish',
    'powershell',
  ]);
});

test('the table is well formed: unique commands and flags, each command in a known group', () => {
  expect(new Set(commandNames).size).toBe(commandNames.length);
  const groups = new Set(data.groups.map((g) => g.name));
  for (const command of data.commands) {
    const words = command.command.split(' ');
    if (words.length > 1) expect(groups.has(words[0]), `group of "${command.command}"`).toBe(true);
    const names = command.flags.flatMap((f) => [f.long, f.short].filter(Boolean));
    expect(new Set(names).size, `duplicate flag on "${command.command}"`).toBe(names.length);
    for (const f of command.flags) {
      expect(f.long, `flag of "${command.command}"`).toMatch(/^--[a-z][a-z-]*$/);
      if (f.short) expect(f.short, `short flag of "${command.command}"`).toMatch(/^-[a-z]$/);
    }
    expect(command.description.length, `description of "${command.command}"`).toBeGreaterThan(10);
  }
});

test('the CLI page renders the table and the global flags from this data', () => {
  const page = readRepoFile('docs/documentation/synkronus-cli/cli.mdx');
  expect(page).toContain("import SynkCommandTable from '@site/src/components/SynkCommandTable';");
  expect(page).toContain('<SynkCommandTable />');
  expect(page).toContain('<SynkCommandTable kind="global-flags" />');
});

test('a command that names an API call (operationId) names one of the description, and says which in its text', () => {
  const operations = new Map(listOperations(API).map((op) => [op.operation.operationId, op]));
  const mapped = data.commands.filter((c) => c.operationId);
  // Most commands make one described call; finding only a few would mean the field was lost.
  expect(mapped.length, 'commands with an operationId').toBeGreaterThan(10);
  for (const command of mapped) {
    const op = operations.get(command.operationId);
    expect(
      op,
      `"synk ${command.command}": operationId ${command.operationId} is not in api/synkronus.yaml`,
    ).toBeDefined();
    expect(command.description, `"synk ${command.command}" says which call it makes`).toContain(
      `${op!.method.toUpperCase()} ${op!.path}`,
    );
  }
});

test('every knownIssue of the table names an entry of the Known issues', () => {
  const anchors = new Set(knownIssueEntries().map((entry) => entry.id));
  const missing = data.commands
    .filter((c) => c.knownIssue && !anchors.has(c.knownIssue))
    .map((c) => `synk ${c.command}: no entry #${c.knownIssue} on the Known issues pages (${AREA_DIR}/)`);
  expect(missing).toEqual([]);
});
