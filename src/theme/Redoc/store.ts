/** What Redoc's store is built from, shared by the server and client renderings of the reference (Reference*.tsx). */
import type {AppStore, RedocRawOptions} from 'redoc';

export type StoreInput = {spec: object; url?: string; options: RedocRawOptions};

/** The props of the reference, on the server (Reference.server.tsx) and in the browser (Reference.tsx). */
export type ReferenceProps = {input: StoreInput; dark: boolean; className: string};

export function createStore(redoc: {AppStore: typeof AppStore}, {spec, url, options}: StoreInput): AppStore {
  return new redoc.AppStore(spec as ConstructorParameters<typeof AppStore>[0], url, options);
}
