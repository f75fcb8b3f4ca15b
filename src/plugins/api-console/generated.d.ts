// The data module written by src/plugins/api-console at build time.
declare module '@generated/api-console/default/api-console-contract.json' {
  const contract: import('../../api/synkronus/contract').Contract;
  export default contract;
}
