/**
 * The lengths the Known issues give for the secrets of the Synkronus server quick start are the lengths its
 * `openssl rand` commands make: Base64 writes 4 characters for every 3 bytes or part of them, hexadecimal 2 a
 * byte. The length matters for the admin password, which bcrypt refuses over 72 bytes.
 */
import {test, expect} from '@playwright/test';
import {readRepoFile} from '../support/content';

const QUICK_START = 'docs/quick-start/synkronus-server.md';
const ENTRY = 'docs/documentation/synkronus/known-issues/users-and-tokens.md';

/** Each `openssl rand -base64|-hex N   # label: …` line of the quick start: its command, label and output length. */
function quickStartSecrets(): {command: string; label: string; length: number}[] {
  return [...readRepoFile(QUICK_START).matchAll(/^(openssl rand -(base64|hex) (\d+))\s+# ([^:\n]+)/gm)].map(
    ([, command, encoding, bytes, label]) => ({
      command,
      label: label.trim(),
      length: encoding === 'hex' ? 2 * Number(bytes) : 4 * Math.ceil(Number(bytes) / 3),
    }),
  );
}

test(`${ENTRY} gives the length of each secret of the quick start as its command makes it`, () => {
  const secrets = quickStartSecrets();
  expect(secrets.map((s) => s.label)).toEqual(['JWT secret', 'database password', 'password of the first admin user']);
  const [jwt, database, admin] = secrets;
  const text = readRepoFile(ENTRY);
  for (const statement of [
    `generates (\`${admin.command}\`) is ${admin.length} characters long`,
    `its JWT secret (${jwt.length} characters)`,
    `database password (${database.length} characters)`,
  ])
    expect(text, `${ENTRY} should say: ${statement}`).toContain(statement);
});
