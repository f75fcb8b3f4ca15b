// Renders Mermaid diagrams to SVG in headless Chromium. Runs as its own Node process (spawned by
// ./index.ts) because the Docusaurus config loader cannot import this ES-module-only library.
// stdin: {"diagrams": string[], "mermaidConfig": object, "prefix": string}
// stdout: [{"svg": string, "width": number, "height": number} | {"error": string}, ...]
import {createRequire} from 'node:module';
import {createMermaidRenderer} from 'mermaid-isomorphic';

const {CHROMIUM_BIN, CHROMIUM_ARGS} = createRequire(import.meta.url)('../../../scripts/chromium.cjs');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const {diagrams, mermaidConfig, prefix} = JSON.parse(input);
const render = createMermaidRenderer({
  launchOptions: {executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS},
});
const results = await render(diagrams, {mermaidConfig, prefix});
process.stdout.write(
  JSON.stringify(
    results.map((r) =>
      r.status === 'fulfilled'
        ? {svg: r.value.svg, width: r.value.width, height: r.value.height}
        : {error: String(r.reason)},
    ),
  ),
);
