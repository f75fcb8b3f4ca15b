/**
 * Applies an OpenAPI Overlay to a description, in a process of its own so that the site's one reader
 * (../description.ts) stays synchronous: openapi-format, the library that applies it, has an async API.
 *   node apply.cjs <description.yaml> <overlay.yaml>
 * Prints {"doc": <the description with the overlay applied>, "unused": [{"index", "target", "description"}]}.
 * Both files are parsed with Redocly's YAML parser, the one the reader and the linter use (dates stay strings).
 */
const {readFileSync} = require('node:fs');
const {parseYaml} = require('@redocly/openapi-core');
const {openapiOverlay} = require('openapi-format');

async function main([descriptionFile, overlayFile]) {
  const doc = parseYaml(readFileSync(descriptionFile, 'utf8'));
  const overlay = parseYaml(readFileSync(overlayFile, 'utf8'));
  const actions = overlay?.actions ?? [];
  const {data, resultData} = await openapiOverlay(doc, {overlaySet: overlay});
  const unused = resultData.unusedActions.map((action) => ({
    index: actions.indexOf(action) + 1,
    target: action.target,
    description: action.description,
  }));
  process.stdout.write(JSON.stringify({doc: data, unused}));
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
