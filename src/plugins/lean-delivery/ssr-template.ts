/**
 * The HTML template of every built page (config `ssrTemplate`): Docusaurus' own template
 * (@docusaurus/core/lib/ssg/ssgTemplate.html.js), except how the JavaScript is loaded.
 *
 * Patch: ssr-template
 * Library: @docusaurus/core 3.10.2 (lib/ssg/ssgTemplate.html.js)
 * Changes: a copy of Docusaurus' page template, given by the public `ssrTemplate` option, in which the
 *   `<script defer>` tags of the head are replaced by a small inline loader that asks for the same scripts,
 *   in the same order, once the browser has painted the page (its first-contentful-paint entry); a browser
 *   that cannot report paints loads them at once. The loader's code is the same on every page and in every
 *   build (the scripts' names are in its `data-scripts` attribute), so the Content-Security-Policy allows it
 *   by one stable hash (src/plugins/csp-header).
 * Why: with `defer` the scripts download with the page, so on a slow link they share the bandwidth with the
 *   stylesheet and the text waits for both; here the reader sees the text first.
 * Gain: Lighthouse (mobile, simulated 4G) largest contentful paint about 1 s earlier on the docs pages and
 *   the home page (PATCHES.md has the runs), which the performance minima of perf/budgets.json need.
 * Remove when: Docusaurus offers a way to load its scripts after the first paint, or the minima hold without
 *   it. tests/unit/patches.spec.ts fails, naming this patch, when Docusaurus' template changes anywhere but
 *   in the lines replaced here: port the change.
 */
const LOADER = `(function (scripts) {
  var started = false;
  function load() {
    if (started) return;
    started = true;
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf('paint') < 0) return load();
  new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length) load();
  }).observe({type: 'paint', buffered: true});
})(document.currentScript.getAttribute('data-scripts').split(' '))`
  .split('\n')
  .map((line) => line.trim())
  .join('');

/** The lines of Docusaurus' template that this one replaces with the loader (checked by tests/unit/patches.spec.ts). */
export const REPLACED_SCRIPT_TAGS = `<% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <script data-scripts="<%= it.scripts.map((script) => it.baseUrl + script).join(' ') %>">${LOADER};</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
