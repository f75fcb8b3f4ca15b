/**
 * Prints the whole Prism conformance report of the Synkronus engine, without asserting anything:
 * `npx jiti scripts/synkronus-conformance.ts [--dialect <name>] [--unexplained]`. By default both dialects and
 * every exchange that violates the description, explained or not; `--unexplained` lists only those the test
 * (packages/synkronus-mock/tests/synkronus-prism.spec.ts) fails on.
 */
import {parseArgs} from 'node:util';
import {DIALECTS, type DialectName} from 'synkronus-mock/src';
import {runDialect} from '../packages/synkronus-mock/tests/support/prism-conformance';
import {reportText} from '../packages/synkronus-mock/tests/support/prism-conformance-report';

async function main() {
  const {values} = parseArgs({options: {dialect: {type: 'string'}, unexplained: {type: 'boolean'}}});
  const dialects = values.dialect ? [values.dialect as DialectName] : DIALECTS;
  const unknown = dialects.filter((d) => !DIALECTS.includes(d));
  if (unknown.length) throw new Error(`unknown dialect ${unknown.join(', ')}: one of ${DIALECTS.join(', ')}`);
  const runs = [];
  for (const dialect of dialects) runs.push(await runDialect(dialect));
  console.log(reportText(runs, {all: !values.unexplained}));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
