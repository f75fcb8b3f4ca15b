/**
 * The code of the guide "Write a sync client", taken from its page (docs/documentation/synkronus/sync-client-code.mdx),
 * and an in-memory store for it: what the guide's tests (tests/unit/sync-client*.spec.ts) share.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import {readRepoFile} from './content';
import type {PushedRecord} from './sync-mock';

export const GUIDE = 'docs/documentation/synkronus/sync-client-code.mdx';

/**
 * The page's one code block titled sync-client.ts, compiled by TypeScript (type errors fail the test, naming
 * the page and line) into a temporary CommonJS module.
 */
export function guideModulePath(): string {
  const blocks = [...readRepoFile(GUIDE).matchAll(/^```ts title="sync-client\.ts"\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1)
    throw new Error(`${GUIDE}: expected one \`\`\`ts title="sync-client.ts" block, found ${blocks.length}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sync-client-'));
  const source = path.join(dir, 'sync-client.ts');
  writeFileSync(source, blocks[0][1]);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    strict: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    outDir: dir,
  };
  const program = ts.createProgram([source], options);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${GUIDE}: sync-client.ts line ${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  if (problems.length) throw new Error(problems.join('\n'));
  program.emit();
  return path.join(dir, 'sync-client.js');
}

/** What the test uses of the guide's module (its own types stay on the page). */
export type Guide = {
  SyncClient: new (options: Record<string, unknown>) => {
    sync(): Promise<{pulled: number; pushed: number; failed: number; uploaded: number; refusedFiles: number}>;
  };
  pushProblem(record: PushedRecord): string | undefined;
};

/** The guide's module, compiled from its page. */
export const loadGuide = (): Guide => createRequire(__filename)(guideModulePath()) as Guide;

export const record = (n: number, extra: Partial<PushedRecord> = {}): PushedRecord => ({
  observation_id: `obs-${String(n).padStart(4, '0')}`,
  form_type: n % 2 ? 'household' : 'visit',
  form_version: '1.0',
  data: {n},
  created_at: '2025-12-01T09:00:00Z',
  updated_at: '2025-12-01T09:00:00Z',
  deleted: false,
  ...extra,
});

/**
 * An in-memory LocalStore that counts how often each record arrives. It keeps the pending records as local
 * records too and, as the guide's keepPage contract says, a pulled page never replaces or removes a record with
 * local changes not pushed yet (pending or set aside).
 */
export function memoryStore(pending: (PushedRecord | null)[] = [], files: {id: string; file: Blob}[] = []) {
  const kept = new Map<string, unknown>(
    pending.flatMap((r) => (typeof r?.observation_id === 'string' ? [[r.observation_id, r] as const] : [])),
  );
  const arrivals = new Map<string, number>();
  const state = {
    since: 0,
    pending: [...pending],
    failed: [] as {record: PushedRecord | null; error: string}[],
    uploaded: [] as string[],
    files: [...files],
    refusedFiles: new Map<string, string>(),
  };
  return {
    kept,
    arrivals,
    state,
    sinceVersion() {
      return Promise.resolve(state.since);
    },
    keepPage(records: {observation_id: string; deleted: boolean}[], changeCutoff: number) {
      const local = [...state.pending, ...state.failed.map((f) => f.record)].map((r) => r?.observation_id);
      for (const r of records) {
        arrivals.set(r.observation_id, (arrivals.get(r.observation_id) ?? 0) + 1);
        if (local.includes(r.observation_id)) continue;
        if (r.deleted) kept.delete(r.observation_id);
        else kept.set(r.observation_id, r);
      }
      state.since = changeCutoff;
      return Promise.resolve();
    },
    pendingRecords() {
      return Promise.resolve(state.pending);
    },
    markPushed(ids: string[]) {
      state.pending = state.pending.filter((r) => !ids.includes(String(r?.observation_id)));
      return Promise.resolve();
    },
    markFailed(record: PushedRecord | null, error: string) {
      // The record as pendingRecords gave it: found by identity, since its observation_id may be missing.
      if (!state.pending.includes(record))
        throw new Error(`markFailed: not a pending record: ${JSON.stringify(record)}`);
      state.failed.push({record, error});
      // The first of equal entries only (two nulls are two records).
      state.pending = state.pending.filter((r, index) => index !== state.pending.indexOf(record));
      return Promise.resolve();
    },
    pendingAttachments() {
      return Promise.resolve(state.files);
    },
    markUploaded(id: string) {
      state.uploaded.push(id);
      state.files = state.files.filter((f) => f.id !== id);
      return Promise.resolve();
    },
    markAttachmentFailed(id: string, error: string) {
      state.refusedFiles.set(id, error);
      state.files = state.files.filter((f) => f.id !== id);
      return Promise.resolve();
    },
  };
}
