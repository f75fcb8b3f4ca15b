// The data modules this plugin writes, one per optional theme part, as src/theme/<part>/index.tsx re-exports them.
declare module '@generated/theme-parts-in-use/default/*' {
  const Part: import('react').ComponentType<Record<string, unknown>>;
  export default Part;
}
