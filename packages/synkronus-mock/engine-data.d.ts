// The engine's data as scripts/pack-synkronus-mock.ts writes it before bundling (an alias of its bundler).
declare module '@synkronus-mock/engine-data.json' {
  const data: import('../../src/api/synkronus').EngineData;
  export default data;
}
