// Types of the redocusaurus theme modules used by the swizzles in this folder.
declare module '@theme/useSpecData' {
  /** `spec` when given; otherwise the spec data of the plugin instance `id` (global data, which this site does not publish). */
  const useSpecData: (id?: string, spec?: object) => {spec: object; url?: string};
  export default useSpecData;
}

declare module '@theme/Redoc' {
  const Redoc: (props: {id?: string; className?: string; themeId?: string; spec?: object; url?: string; stylesheet?: string}) => import('react').JSX.Element;
  export default Redoc;
}

// react-dom ships no types in this install; the server side of the /api styles only needs this.
declare module 'react-dom/server' {
  export function renderToString(element: import('react').ReactNode): string;
}
