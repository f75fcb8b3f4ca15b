/**
 * src/plugins/lean-delivery: the patch that keeps `localeCompare` out of theme-common's shallow memo.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import patchThemeCommon from '../../src/plugins/lean-delivery/theme-common-patches-loader.cjs';

test.describe('theme-common patch', () => {
  const file = path.join(REPO_ROOT, 'node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js');

  test('the installed theme-common sorts by code unit, with no localeCompare left', () => {
    const patched = patchThemeCommon.call({resourcePath: file}, fs.readFileSync(file, 'utf8'));
    expect(patched).not.toContain('localeCompare');
    expect(patched).toContain('deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));');
  });

  test('code without the sort it replaces fails the build, naming the file', () => {
    expect(() => patchThemeCommon.call({resourcePath: '/x/reactUtils.js'}, 'export const a = 1;')).toThrow(
      /^\/x\/reactUtils\.js: useShallowMemoObject no longer sorts keys with localeCompare/,
    );
  });
});
