/**
 * The one dynamic import of the console: its components, the in-browser Synkronus, its contract and
 * the JSON Schema validator are a chunk of their own that no page loads until a reader opens a
 * console or the sync playground (its bytes on open are measured in tests/budgets/page-weight.spec.ts).
 */
export type ConsoleModule = typeof import('./Console');

let loading: Promise<ConsoleModule> | undefined;

export function loadConsole(): Promise<ConsoleModule> {
  loading ??= import(/* webpackChunkName: "api-console" */ './Console').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
