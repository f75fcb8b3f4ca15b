/**
 * The Prism conformance of the Synkronus engine: the corpus (./synkronus-corpus.ts) sent to one dialect, every
 * answer checked by Prism's validator against the effective description (./prism-validator.ts), the logins of
 * the session included. An answer that violates the description is explained when the engine says why: in the
 * description dialect by `X-Synkronus-Unspecified` (the file is silent there), in a release dialect by
 * `X-Synkronus-Rules` (a Known issues entry names the difference). Used by packages/synkronus-mock/tests/synkronus-prism.spec.ts,
 * which asserts that none is unexplained, and by scripts/synkronus-conformance.ts, which prints the whole report.
 */
import {ENGINE_HEADERS, type DialectName} from '../../src';
import {CONTRACT, newSynkronus} from '../../../../tests/support/api-console';
import {session} from './engine-session';
import {checkedExchange, EngineThrew, type Checked} from './prism-validator';
import {corpus} from './synkronus-corpus';

export type Exchange = Checked & {
  dialect: DialectName;
  /** The corpus case that sent it. */
  case: string;
  /** The engine's header that explains a violation, with its value. */
  explanation?: string;
};

export type Run = {dialect: DialectName; exchanges: Exchange[]; caseErrors: string[]};

/** The header that explains a violation in `dialect`. */
export const explainingHeader = (dialect: DialectName) =>
  dialect === 'description' ? ENGINE_HEADERS.unspecified : ENGINE_HEADERS.rules;

function explanationOf(dialect: DialectName, headers: Record<string, string>): string | undefined {
  const header = explainingHeader(dialect);
  const value = headers[header.toLowerCase()];
  return value ? `${header}: ${value}` : undefined;
}

/** Sends the whole corpus to a fresh engine of `dialect`, each case from the state the logins left. */
export async function runDialect(dialect: DialectName): Promise<Run> {
  const engine = newSynkronus(dialect);
  const run: Run = {dialect, exchanges: [], caseErrors: []};
  let label = 'session: the seeded users log in';
  const handle = async (request: Request) => {
    const record = (checked: Checked) =>
      run.exchanges.push({...checked, dialect, case: label, explanation: explanationOf(dialect, checked.headers)});
    try {
      const {response, checked} = await checkedExchange(request, (r) => engine.handle(r));
      record(checked);
      return response;
    } catch (error) {
      if (error instanceof EngineThrew) record(error.checked);
      throw error;
    }
  };
  const s = await session(dialect, {...engine, handle});
  const loggedIn = structuredClone(engine.store.state);
  for (const c of corpus()) {
    engine.store.state = structuredClone(loggedIn);
    label = c.label;
    await c.run(s).catch((error: unknown) => {
      if (!(error instanceof EngineThrew)) run.caseErrors.push(`${c.label}: ${(error as Error).message}`);
    });
  }
  return run;
}

export type Figures = {
  dialect: DialectName;
  answers: number;
  violating: number;
  explained: number;
  unexplained: number;
};

export const isUnexplained = (x: Exchange) => x.violations.length > 0 && !x.explanation;

export function figuresOf({dialect, exchanges}: Run): Figures {
  const violating = exchanges.filter((x) => x.violations.length > 0);
  const unexplained = violating.filter(isUnexplained).length;
  return {
    dialect,
    answers: exchanges.length,
    violating: violating.length,
    explained: violating.length - unexplained,
    unexplained,
  };
}

/** The operations no answer came from, and the documented statuses no answer had, by operation. */
export function unreached({exchanges}: Run): {operations: string[]; statuses: string[]} {
  const seen = new Set(exchanges.map((x) => `${x.operationId} ${x.status}`));
  const operations = new Set(exchanges.map((x) => x.operationId));
  return {
    operations: CONTRACT.operations.filter((op) => !operations.has(op.operationId)).map((op) => op.operationId),
    statuses: CONTRACT.operations.flatMap((op) =>
      op.responses
        .filter((r) => !seen.has(`${op.operationId} ${r.status}`))
        .map((r) => `${op.operationId} ${r.status}`),
    ),
  };
}
