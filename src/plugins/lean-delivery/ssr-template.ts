/**
 * The HTML template of every built page (config `ssrTemplate`): Docusaurus' own template
 * (@docusaurus/core/lib/ssg/ssgTemplate.html.js), except how the JavaScript is loaded.
 *
 * Docusaurus starts downloading its JavaScript with the page (`<script defer>` in the head), so on a
 * slow link the scripts share the bandwidth with the stylesheet, and the text, which is all in the
 * HTML, waits for both. Here a small inline loader asks for the same scripts, in the same order, only
 * once the browser has painted the page (its first-contentful-paint entry): the reader sees the text
 * first, then the page becomes interactive. A browser that cannot report paints loads them at once.
 * The loader's code is the same on every page and in every build (the scripts' names, which change
 * with each build, are in its `data-scripts` attribute), so the Content-Security-Policy allows it by
 * one stable hash (src/plugins/csp-header).
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
