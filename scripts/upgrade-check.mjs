#!/usr/bin/env node
/**
 * `npm run upgrade-check`: rehearses an upgrade of the dependencies without touching this checkout.
 *
 * It copies the repository (without node_modules, builds and git data) to a temporary folder, moves every
 * @docusaurus/* package to the newest 3.x release and every other dependency to the newest release its
 * current major allows, installs them there with a lockfile of its own, then runs the patch checks
 * (tests/unit/patches.spec.ts, before any build), the type check, the
 * production build and the unit tests in the copy. It prints the version changes and, for each step that
 * broke, the end of its output. Exit code 1 when a step broke. Not part of `npm test`: its result depends on
 * what the registry serves that day.
 *
 *   npm run upgrade-check            # keeps nothing: the copy is removed at the end
 *   npm run upgrade-check -- --keep  # leaves the copy to investigate (its path is printed)
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEEP = process.argv.includes('--keep');
/** What a copy of the repository leaves out: installed packages, builds, test output, git data. */
const NOT_COPIED = new Set(['node_modules', '.git', 'build', 'build-nginx', 'test-results', '.docusaurus', '.tmp']);
/** Lines of a broken step's output to print. */
const TAIL_LINES = 40;

/** Orders release versions (x.y.z, as npm's ranges select them without a pre-release tag) oldest first. */
const byVersion = (a, b) => {
  const [pa, pb] = [a, b].map((v) => v.split(/[.+-]/).slice(0, 3).map(Number));
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
};

/** The newest version of `name` that satisfies `range`, as the registry serves it today (npm lists them unordered). */
function newestVersion(name, range) {
  const out = execFileSync('npm', ['view', `${name}@${range}`, 'version', '--json', '--loglevel=error'], {
    encoding: 'utf8',
  }).trim();
  if (!out) throw new Error(`upgrade-check: the registry has no version of ${name} in ${range}`);
  return [].concat(JSON.parse(out)).sort(byVersion).at(-1);
}

/** The range an upgrade may move a dependency within: Docusaurus within 3.x, others within their major. */
function upgradeRange(name, current) {
  if (name.startsWith('@docusaurus/')) return '3';
  const bare = current.replace(/^[\^~]/, '');
  return /^\d/.test(bare) ? `^${bare}` : current;
}

function run(step, command, args, cwd) {
  process.stdout.write(`upgrade-check: ${step}... `);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {...process.env, CI: 'true'},
    maxBuffer: 1 << 28,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = result.status === 0;
  console.log(`${ok ? 'ok' : 'BROKE'} (${seconds} s)`);
  // npm repeats a warning about this machine's user configuration on every call: not the step's news.
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.replace(/^npm warn Unknown user config.*\n/gm, '');
  return {step, ok, tail: output.split('\n').slice(-TAIL_LINES).join('\n')};
}

const copy = mkdtempSync(path.join(os.tmpdir(), 'ode-docs-upgrade-'));
cpSync(ROOT, copy, {
  recursive: true,
  filter: (source) => !NOT_COPIED.has(path.relative(ROOT, source).split(path.sep)[0]),
});
console.log(`upgrade-check: copy of the repository in ${copy}`);

const manifestPath = path.join(copy, 'package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const changes = [];
for (const field of ['dependencies', 'devDependencies']) {
  for (const [name, current] of Object.entries(manifest[field] ?? {})) {
    const next = newestVersion(name, upgradeRange(name, current));
    if (next !== current.replace(/^[\^~]/, '')) changes.push(`${name}: ${current} -> ${next}`);
    manifest[field][name] = next;
  }
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(path.join(copy, 'package-lock.json'));
console.log(
  changes.length
    ? `upgrade-check: ${changes.length} version changes\n  ${changes.join('\n  ')}`
    : 'upgrade-check: every dependency is already at its newest allowed version',
);

const results = [run('install', 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], copy)];
if (results[0].ok) {
  // Before the build: which patch of PATCHES.md the new versions break or make unnecessary.
  results.push(run('patch checks', 'npx', ['playwright', 'test', '-c', 'tests/patches.config.ts'], copy));
  results.push(run('type check', 'npx', ['tsc'], copy));
  const build = run('build', 'npx', ['docusaurus', 'build'], copy);
  results.push(build);
  if (build.ok) {
    results.push(run('precompress', 'node', ['scripts/precompress.cjs', 'build'], copy));
    results.push(run('unit tests', 'npx', ['playwright', 'test', '--project=unit'], copy));
  }
}

const broken = results.filter((result) => !result.ok);
for (const {step, tail} of broken) console.log(`\n--- ${step} broke; the end of its output:\n${tail}`);
console.log(
  `\nupgrade-check: ${results.length - broken.length} of ${results.length} steps passed${broken.length ? `; broke: ${broken.map((b) => b.step).join(', ')}` : ''}`,
);
if (KEEP) console.log(`upgrade-check: the copy stays in ${copy}`);
else rmSync(copy, {recursive: true, force: true});
process.exit(broken.length ? 1 : 0);
