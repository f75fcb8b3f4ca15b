// The data modules written by the `api` plugin (src/plugins/api) at build time, for the API spec entry `synkronus`.
declare module '@generated/api/synkronus/contract.json' {
  const contract: import('synkronus-mock/src/contract').Contract;
  export default contract;
}
declare module '@generated/api/synkronus/tables.json' {
  const tables: import('./model/tables').ApiTables;
  export default tables;
}
declare module '@generated/api/synkronus/silences.json' {
  const silences: import('./model/tables').SilenceRow[];
  export default silences;
}
// The data module written by the `known-issues` plugin (src/plugins/known-issues): every entry of the Known issues.
declare module '@generated/known-issues/default/entries.json' {
  const entries: import('../known-issues').KnownIssue[];
  export default entries;
}
// The id and area only of each entry the site's data files link to (src/plugins/known-issues, LINKING_DATA).
declare module '@generated/known-issues/default/areas.json' {
  const areas: Pick<import('../known-issues').KnownIssue, 'id' | 'area'>[];
  export default areas;
}
