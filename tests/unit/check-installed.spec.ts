/**
 * scripts/check-installed.cjs, the set-up's reproducibility check: every package installed here is the version
 * package-lock.json locks, while optional entries for other platforms may come and go with what the registry
 * serves that day. Fixture: tests/fixtures/lockfile/.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {checkProject, compareInstall, listInstalled} from '../../scripts/check-installed.cjs';

type Entry = {version: string; optional?: boolean; dev?: boolean; os?: string[]; cpu?: string[]; libc?: string[]};
type Lockfile = {packages: Record<string, Entry>};

const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/lockfile');
const LINUX_X64_GLIBC = {os: 'linux', cpu: 'x64', libc: 'glibc'};
const locked = () => JSON.parse(fs.readFileSync(path.join(FIXTURE, 'package-lock.json'), 'utf8')) as Lockfile;

/** What `npm install` puts in node_modules from the fixture lockfile on Linux x64 with glibc. */
const INSTALLED_ON_LINUX: Record<string, string> = {
  'node_modules/@swc/core': '1.16.22',
  'node_modules/@swc/core-linux-x64-gnu': '1.16.22',
  'node_modules/chokidar': '3.6.0',
  'node_modules/clsx': '2.1.1',
  'node_modules/gray-matter': '4.0.3',
  'node_modules/gray-matter/node_modules/js-yaml': '3.14.2',
};

/** Lays out a real node_modules tree (one package.json per package) in a new folder, with the lockfile. */
function project(lockfile: Lockfile, installed: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-installed-'));
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockfile));
  for (const [lockPath, version] of Object.entries(installed)) {
    const name = lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
    fs.mkdirSync(path.join(dir, lockPath), {recursive: true});
    fs.writeFileSync(path.join(dir, lockPath, 'package.json'), JSON.stringify({name, version}));
  }
  // What npm and tools leave beside the packages is not a package.
  fs.mkdirSync(path.join(dir, 'node_modules/.bin'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'node_modules/.cache/rspack'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), '{}');
  return dir;
}

/** The problems the check finds for `lockfile` against a tree laid out from `installed`. */
function problems(lockfile: Lockfile, installed = INSTALLED_ON_LINUX, platform = LINUX_X64_GLIBC): string[] {
  const dir = project(lockfile, installed);
  try {
    return compareInstall(lockfile, listInstalled(dir) as Map<string, string>, platform);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

test('the tree is read with nested packages and scopes, and without .bin, .cache or the hidden lockfile', () => {
  const dir = project(locked(), INSTALLED_ON_LINUX);
  try {
    expect(Object.fromEntries(listInstalled(dir))).toEqual(INSTALLED_ON_LINUX);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('an install that matches the lockfile passes', () => {
  expect(problems(locked())).toEqual([]);
});

test('optional entries for other platforms added to the lockfile pass', () => {
  const lockfile = locked();
  for (const [name, os, cpu] of [
    ['@swc/core-win32-x64-msvc', 'win32', 'x64'],
    ['@swc/core-darwin-x64', 'darwin', 'x64'],
    ['@rollup/rollup-freebsd-arm64', 'freebsd', 'arm64'],
  ]) {
    lockfile.packages[`node_modules/${name}`] = {version: '1.16.22', optional: true, os: [os], cpu: [cpu]};
  }
  lockfile.packages['node_modules/@rollup/rollup-linux-arm64-musl'] = {
    version: '4.68.7',
    optional: true,
    os: ['linux'],
    cpu: ['arm64'],
    libc: ['musl'],
  };
  expect(problems(lockfile)).toEqual([]);
});

test('optional entries for other platforms missing from the lockfile pass', () => {
  const lockfile = locked();
  for (const name of [
    '@swc/core-darwin-arm64',
    '@swc/core-linux-x64-musl',
    '@swc/core-wasm32-wasi',
    '@napi-rs/wasm-runtime',
    'fsevents',
  ]) {
    delete lockfile.packages[`node_modules/${name}`];
  }
  expect(problems(lockfile)).toEqual([]);
});

test('a changed version of a package this platform installs fails, naming it and both versions', () => {
  for (const [lockPath, lockedVersion, installedVersion] of [
    ['node_modules/clsx', '2.1.0', '2.1.1'],
    ['node_modules/@swc/core-linux-x64-gnu', '1.16.21', '1.16.22'],
    ['node_modules/gray-matter/node_modules/js-yaml', '3.14.1', '3.14.2'],
  ]) {
    const lockfile = locked();
    lockfile.packages[lockPath].version = lockedVersion;
    const found = problems(lockfile);
    expect(found, lockPath).toHaveLength(1);
    expect(found[0]).toContain(lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(found[0]).toContain(`locks ${lockedVersion}, ${installedVersion} is installed`);
  }
});

test('a package installed that the lockfile does not lock fails, naming it', () => {
  const found = problems(locked(), {...INSTALLED_ON_LINUX, 'node_modules/left-pad': '1.3.0'});
  expect(found).toEqual([
    expect.stringContaining(
      'left-pad (node_modules/left-pad): 1.3.0 is installed, but package-lock.json does not lock it',
    ),
  ]);
});

test('a locked package missing from the install fails: a dependency, or the binary for this platform', () => {
  const {'node_modules/clsx': _clsx, ...withoutClsx} = INSTALLED_ON_LINUX;
  expect(problems(locked(), withoutClsx)).toEqual([
    expect.stringContaining(
      'clsx (node_modules/clsx): package-lock.json locks 2.1.1 for this platform, but it is not installed',
    ),
  ]);
  const {'node_modules/@swc/core-linux-x64-gnu': _binary, ...withoutBinary} = INSTALLED_ON_LINUX;
  expect(problems(locked(), withoutBinary)).toEqual([expect.stringContaining('@swc/core-linux-x64-gnu')]);
});

test('the platform decides which optional entries must be installed', () => {
  const onMac: Record<string, string> = {
    ...INSTALLED_ON_LINUX,
    'node_modules/fsevents': '2.3.3',
    'node_modules/@swc/core-darwin-arm64': '1.16.22',
  };
  delete onMac['node_modules/@swc/core-linux-x64-gnu'];
  expect(problems(locked(), onMac, {os: 'darwin', cpu: 'arm64', libc: ''})).toEqual([]);
  // The Linux install judged as a Mac's lacks the Mac's binaries.
  expect(problems(locked(), INSTALLED_ON_LINUX, {os: 'darwin', cpu: 'arm64', libc: ''})).toEqual([
    expect.stringContaining('@swc/core-darwin-arm64'),
    expect.stringContaining('fsevents'),
  ]);
});

test('the command fails with exit code 1 and names the package, its locked and its installed version', () => {
  const lockfile = locked();
  lockfile.packages['node_modules/clsx'].version = '2.0.0';
  const dir = project(lockfile, INSTALLED_ON_LINUX);
  try {
    execFileSync('node', [path.join(REPO_ROOT, 'scripts/check-installed.cjs'), dir], {encoding: 'utf8', stdio: 'pipe'});
    throw new Error('check-installed.cjs exited 0');
  } catch (error) {
    const {status, stderr} = error as {status: number; stderr: string};
    expect(status).toBe(1);
    expect(stderr).toContain('clsx (node_modules/clsx): package-lock.json locks 2.0.0, 2.1.1 is installed');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test("this repository's node_modules is exactly what its package-lock.json locks", () => {
  expect(checkProject(REPO_ROOT)).toEqual([]);
});
