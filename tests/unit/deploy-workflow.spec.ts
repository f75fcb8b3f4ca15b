/** .github/workflows/deploy.yml: tests with the README's command, publishes build/ from main only. */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'js-yaml';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';

type Step = {uses?: string; run?: string; if?: string; with?: Record<string, string>};
type Job = {needs?: string; if?: string; steps: Step[]; permissions?: Record<string, string>};
type Workflow = {on: Record<string, unknown>; jobs: Record<string, Job>};

const FROM_MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'";
const workflow = load(fs.readFileSync(path.join(REPO_ROOT, '.github/workflows/deploy.yml'), 'utf8')) as Workflow;
const {scripts} = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

test('the workflow runs npm test, which builds and runs the whole suite', () => {
  expect(workflow.on).toHaveProperty('push', {branches: ['main']});
  const runs = workflow.jobs.test.steps.map((s) => s.run).filter(Boolean);
  expect(runs).toEqual(['npm test', 'npm run synkronus-mock:pack']);
  expect(scripts.test).toBe('bash scripts/test.sh');
});

test('only a push to main publishes, and only the tested build/', () => {
  const upload = workflow.jobs.test.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
  expect(upload?.with).toEqual({path: 'build'});
  expect(upload?.if).toBe(FROM_MAIN);
  const steps = workflow.jobs.test.steps;
  expect(steps.indexOf(upload!), 'uploaded after the tests').toBeGreaterThan(
    steps.findIndex((s) => s.run === 'npm test'),
  );
  const {deploy} = workflow.jobs;
  expect(deploy.needs).toBe('test');
  expect(deploy.if).toBe(FROM_MAIN);
  expect(deploy.permissions).toEqual({pages: 'write', 'id-token': 'write'});
  expect(deploy.steps.map((s) => s.uses)).toEqual(['actions/deploy-pages@v4']);
});

test('every run keeps the synkronus-mock tarball it packs after the tests, as the artifact the guide names', () => {
  const steps = workflow.jobs.test.steps;
  const pack = steps.findIndex((s) => s.run === 'npm run synkronus-mock:pack');
  const keep = steps.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@'));
  expect(pack, 'packed after the tests').toBeGreaterThan(steps.findIndex((s) => s.run === 'npm test'));
  expect(keep).toBeGreaterThan(pack);
  expect(steps[keep].with).toEqual({name: 'synkronus-mock', path: '.tmp/synkronus-mock/synkronus-mock-*.tgz'});
  expect(steps[keep].if, 'on every run, pull requests too').toBeUndefined();
  expect(scripts['synkronus-mock:pack']).toBe(
    'bash scripts/setup.sh deps && mkdir -p .tmp/synkronus-mock && npm pack --workspace synkronus-mock --pack-destination .tmp/synkronus-mock',
  );
  const guide = fs.readFileSync(path.join(REPO_ROOT, 'docs/documentation/synkronus/test-against-the-mock.mdx'), 'utf8');
  expect(guide).toMatch(/the artifact\s+`synkronus-mock`/);
});
