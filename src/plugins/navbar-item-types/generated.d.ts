// The data module this plugin writes, as src/theme/NavbarItem/ComponentTypes.tsx imports it: the component of each navbar item kind the configuration uses.
declare module '@generated/navbar-item-types/default/componentTypes.js' {
  const componentTypes: Partial<import('@theme/NavbarItem/ComponentTypes').ComponentTypesObject>;
  export default componentTypes;
}
