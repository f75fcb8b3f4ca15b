// Types of the redocusaurus theme modules used by the swizzles in this folder.
declare module '@theme/useSpecData' {
  /** The spec data of the redocusaurus plugin instance `id` (the first one when omitted). */
  const useSpecData: (id?: string) => {spec: object; url?: string};
  export default useSpecData;
}

declare module '@theme/Redoc' {
  const Redoc: (props: {id?: string; className?: string; themeId?: string}) => import('react').JSX.Element;
  export default Redoc;
}

// react-dom ships no types in this install; the server side of the /api styles only needs this.
declare module 'react-dom/server' {
  export function renderToString(element: import('react').ReactNode): string;
}
