/**
 * Renders the site's raster images from the SVG logo with Debian's Chromium (no download):
 * - static/img/social-card.png (1200×630, the Open Graph / Twitter card image),
 * - static/img/pwa/icon-192.png, icon-512.png and maskable-512.png (web app manifest icons).
 * The results are committed; run again only when the logo or the site title changes:
 *   node scripts/make-images.cjs
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const {chromium} = require('@playwright/test');
const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');

const ROOT = path.resolve(__dirname, '..');
const logo = fs.readFileSync(path.join(ROOT, 'static/img/logo.svg'), 'utf8');
const logoUrl = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;

const socialCard = `
<body style="margin:0;width:1200px;height:630px;background:#f4f8f5;font-family:'DejaVu Sans',sans-serif;color:#14301f">
  <div style="position:absolute;inset:0;border-bottom:24px solid #1f6b43"></div>
  <img src="${logoUrl}" width="260" height="260" style="position:absolute;left:96px;top:160px">
  <div style="position:absolute;left:420px;top:150px;right:80px">
    <div style="font-size:112px;font-weight:bold;letter-spacing:2px;color:#1f6b43">ODE</div>
    <div style="font-size:52px;font-weight:bold;margin-top:8px">Open Data Ensemble</div>
    <div style="font-size:30px;margin-top:28px;line-height:1.35">A symphony of data instruments for offline&#8209;first field data collection</div>
  </div>
</body>`;

/** The logo on the full square (icon) or inside the maskable safe zone (80%) on the logo's colour. */
const icon = (size, maskable) => `
<body style="margin:0;width:${size}px;height:${size}px;background:${maskable ? '#1f6b43' : 'transparent'}">
  <img src="${logoUrl}" style="position:absolute;left:${maskable ? size * 0.1 : 0}px;top:${maskable ? size * 0.1 : 0}px;width:${maskable ? size * 0.8 : size}px;height:${maskable ? size * 0.8 : size}px">
</body>`;

const OUTPUTS = [
  {file: 'static/img/social-card.png', width: 1200, height: 630, html: socialCard},
  {file: 'static/img/pwa/icon-192.png', width: 192, height: 192, html: icon(192, false)},
  {file: 'static/img/pwa/icon-512.png', width: 512, height: 512, html: icon(512, false)},
  {file: 'static/img/pwa/maskable-512.png', width: 512, height: 512, html: icon(512, true)},
];

(async () => {
  const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
  try {
    for (const {file, width, height, html} of OUTPUTS) {
      const page = await browser.newPage({viewport: {width, height}});
      await page.setContent(html);
      await page.screenshot({path: path.join(ROOT, file), omitBackground: true});
      await page.close();
      console.log(`${file}: ${fs.statSync(path.join(ROOT, file)).size} bytes`);
    }
  } finally {
    await browser.close();
  }
})();
