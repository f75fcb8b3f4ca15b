/**
 * `redocly lint` with the recommended rules finds nothing in the API description (ODE's file with its overlay:
 * ODE's file alone has dangling references), and every rule the lint configuration switches off carries a
 * one-line reason.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {load} from 'js-yaml';
import {API_SPEC_FILE} from '../../site.constants';
import {effectiveDescriptionFile, REPO_ROOT} from '../support/api-description';

const CONFIG = 'api/redocly.yaml';

type LintReport = {
  totals: {errors: number; warnings: number; ignored: number};
  problems: {ruleId: string; message: string; location: {pointer: string}[]}[];
};

test('redocly lint (recommended rules) reports zero errors and zero warnings on the description with its overlay', () => {
  const stdout = execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      effectiveDescriptionFile(),
      '--config',
      CONFIG,
      '--format=json',
    ],
    {cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
  const problems = report.problems.map((p) => `${API_SPEC_FILE} ${p.location[0]?.pointer}: ${p.message} (${p.ruleId})`);
  expect(problems).toEqual([]);
  expect(report.totals).toEqual({errors: 0, warnings: 0, ignored: 0});
});

test('the lint configuration extends the recommended rules and gives a reason for each rule switched off', () => {
  const text = readFileSync(path.join(REPO_ROOT, CONFIG), 'utf8');
  const config = load(text) as {extends: string[]; rules?: Record<string, unknown>};
  expect(config.extends).toEqual(['recommended']);
  const lines = text.split('\n');
  for (const [rule, setting] of Object.entries(config.rules ?? {})) {
    if (setting !== 'off') continue;
    const index = lines.findIndex((line) => line.trim().startsWith(`${rule}:`));
    expect(lines[index - 1]?.trim(), `${CONFIG}: "${rule}: off" needs a one-line "# reason" comment above it`).toMatch(
      /^# \S.{10,}/,
    );
  }
});
