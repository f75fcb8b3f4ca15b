// har-schema ships JSON Schemas without types: an object of them, by name (har, log, entry, ...).
declare module 'har-schema' {
  const schemas: Record<string, object>;
  export default schemas;
}
