/** Runs a program of a test's set-up (a build, a script) to its end, for tests that need it to have worked. */
import {spawn} from 'node:child_process';

/**
 * Runs `file` with `args` in `cwd`, without colours and without Docusaurus' persistent cache (each build of a
 * copy starts clean). Resolves when it exits with 0; otherwise rejects with what it printed, naming `what`.
 */
export function runToEnd(file: string, args: string[], cwd: string, what = `${file} ${args.join(' ')}`): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd,
      env: {...process.env, NO_COLOR: '1', FORCE_COLOR: '0', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} exited with ${code} in ${cwd}:\n${output}`)),
    );
  });
}
