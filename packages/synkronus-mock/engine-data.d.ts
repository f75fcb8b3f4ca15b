// The engine's data as scripts/build.ts writes it before bundling (an alias of its bundler).
declare module '@synkronus-mock/engine-data.json' {
  const data: import('./src').EngineData;
  export default data;
}
