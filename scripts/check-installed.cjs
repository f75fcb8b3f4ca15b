'use strict';
/**
 * Checks that node_modules holds exactly what package-lock.json locks for this platform.
 *
 * Why not `npm ci`, or "fail when `npm install` changes the lockfile": the registry's
 * set of optional binaries for other platforms (darwin, win32, musl, ...) changes from day to day, so a
 * lockfile written on one day gains or loses such entries on another, and both of those checks fail for
 * packages this machine never installs. What must hold is narrower and strict: every package installed
 * here is the version the committed lockfile names, and nothing is installed that it does not name.
 * Optional entries for other platforms may come and go.
 *
 * Usage: node scripts/check-installed.cjs [project-dir]   (exit 1 and one line per problem when it fails)
 */
const fs = require('node:fs');
const path = require('node:path');

/** The package name of a lockfile path such as `node_modules/a/node_modules/@scope/b`. */
const nameOf = (lockPath) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Whether a lockfile entry's os/cpu/libc fields admit this platform (npm's own rule, from npm-install-checks). */
function runsHere(entry, platform) {
  if (!entry.os && !entry.cpu && !entry.libc) return true;
  const {checkPlatform} = require('npm-install-checks');
  try {
    checkPlatform(entry, false, platform);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compares a lockfile with what is installed.
 * @param {{packages: Record<string, {version?: string, optional?: boolean, devOptional?: boolean, link?: boolean, os?: string[], cpu?: string[], libc?: string[]}>}} lockfile
 * @param {Map<string, string>} installed lockfile path (`node_modules/...`) -> installed version
 * @param {{os?: string, cpu?: string, libc?: string}} [platform] defaults to this machine
 * @returns {string[]} one sentence per problem; empty when the install matches the lockfile
 */
function compareInstall(lockfile, installed, platform = {}) {
  const problems = [];
  const locked = lockfile.packages ?? {};
  for (const [lockPath, entry] of Object.entries(locked)) {
    if (lockPath === '' || !lockPath.startsWith('node_modules/') || entry.link) continue;
    const name = nameOf(lockPath);
    const version = installed.get(lockPath);
    if (version !== undefined) {
      if (version !== entry.version) {
        problems.push(`${name} (${lockPath}): package-lock.json locks ${entry.version}, ${version} is installed`);
      }
      continue;
    }
    const optional = entry.optional || entry.devOptional;
    // A missing optional entry is fine when it is for another platform, or when it carries no platform
    // fields (it is then only needed by an optional package that was skipped, such as a wasm fallback).
    const declaresThisPlatform = (entry.os || entry.cpu || entry.libc) && runsHere(entry, platform);
    if (!optional || declaresThisPlatform) {
      problems.push(
        `${name} (${lockPath}): package-lock.json locks ${entry.version} for this platform, but it is not installed`,
      );
    }
  }
  for (const [lockPath, version] of installed) {
    if (!locked[lockPath]) {
      problems.push(
        `${nameOf(lockPath)} (${lockPath}): ${version} is installed, but package-lock.json does not lock it`,
      );
    }
  }
  return problems;
}

/** Every package under `dir/node_modules`, nested ones included: lockfile path -> version. */
function listInstalled(dir, prefix = '', found = new Map()) {
  const modules = path.join(dir, 'node_modules');
  let names;
  try {
    names = fs.readdirSync(modules, {withFileTypes: true});
  } catch {
    return found;
  }
  const packageDirs = [];
  for (const entry of names) {
    if (entry.name.startsWith('.')) continue; // .bin, .cache, .package-lock.json
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const scoped of fs.readdirSync(path.join(modules, entry.name), {withFileTypes: true})) {
        if (scoped.isDirectory() || scoped.isSymbolicLink()) packageDirs.push(`${entry.name}/${scoped.name}`);
      }
    } else if (entry.isDirectory() || entry.isSymbolicLink()) {
      packageDirs.push(entry.name);
    }
  }
  for (const name of packageDirs) {
    const packageDir = path.join(modules, name);
    const lockPath = `${prefix}node_modules/${name}`;
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    } catch {
      continue; // not a package (for example a folder a tool left behind)
    }
    found.set(lockPath, manifest.version);
    listInstalled(packageDir, `${lockPath}/`, found);
  }
  return found;
}

/** Checks `projectDir` (default: the repository) and returns its problems. */
function checkProject(projectDir = path.join(__dirname, '..')) {
  const lockfile = JSON.parse(fs.readFileSync(path.join(projectDir, 'package-lock.json'), 'utf8'));
  return compareInstall(lockfile, listInstalled(projectDir));
}

module.exports = {compareInstall, listInstalled, checkProject};

if (require.main === module) {
  const projectDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
  const problems = checkProject(projectDir);
  if (problems.length) {
    console.error(
      `check-installed: node_modules does not match package-lock.json (${problems.length} problem${problems.length === 1 ? '' : 's'}):`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    console.error(
      "check-installed: if package.json changed, run 'npm install' and commit package-lock.json; otherwise delete node_modules and run the command again",
    );
    process.exit(1);
  }
}
