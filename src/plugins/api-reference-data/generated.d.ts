// The data module written by src/plugins/api-reference-data at build time.
declare module '@generated/api-reference-data/default/api-reference-data.json' {
  const data: import('./data').ApiReferenceData;
  export default data;
}
