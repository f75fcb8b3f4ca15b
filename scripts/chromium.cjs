'use strict';
/**
 * Debian's Chromium (never a downloaded browser) and the flags it runs with here: headless, no sandbox
 * (tests run as root), and nothing that reaches out to the network by itself. Used by the Playwright
 * config, Lighthouse, the benchmark and the build-time diagram renderer.
 */
const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = {CHROMIUM_BIN, CHROMIUM_ARGS};
