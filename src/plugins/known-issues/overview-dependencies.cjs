/**
 * A loader for the Known issues overview page alone: it leaves the page as it is and makes it depend on the area
 * pages whose entries `remarkKnownIssuesIndex` lists in it. Without this, the bundler's persistent cache keeps the
 * overview as first compiled when only an area page changes, and the overview lacks a new entry.
 */
const fs = require('node:fs');
const path = require('node:path');

module.exports = function knownIssuesOverviewDependencies(source) {
  const {dir} = this.getOptions();
  // The folder too: an area page added later rebuilds the overview.
  this.addContextDependency(dir);
  for (const file of fs.readdirSync(dir)) if (file.endsWith('.md')) this.addDependency(path.join(dir, file));
  return source;
};
