import {defineConfig} from '@playwright/test';
export default defineConfig({testDir: '/work/main/tests/unit', outputDir: '/tmp/unit-results', retries: 0, reporter: 'line', timeout: 120000});
