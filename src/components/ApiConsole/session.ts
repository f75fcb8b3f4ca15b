/**
 * The one in-browser Synkronus of the page (src/api-mock), shared by every open console and the sync
 * playground, and the token of the last successful login or refresh. Part of the console's lazily
 * loaded chunk: made when a reader first opens a console, kept until the page is left.
 */
import contract from '@generated/api-console/default/api-console-contract.json';
import {createSynkronus} from '@site/src/api/synkronus';

export const synkronus = createSynkronus(contract);
export {contract};

export type Auth = {token: string; username?: string; role?: string};

let auth: Auth = {token: ''};
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const getAuth = () => auth;
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who the token belongs to now (undefined once it expired, or after a reset). */
export function tokenOwner(token: string) {
  return token ? synkronus.whoIs(token) : undefined;
}

/**
 * Sends a request to the in-browser Synkronus; an answer to a login or a refresh with a token makes
 * it the token in use for every console of the page.
 */
export async function send(request: Request, operationId: string): Promise<Response> {
  const response = await synkronus.handle(request);
  if ((operationId === 'login' || operationId === 'refreshToken') && response.ok) {
    const {token} = (await response.clone().json()) as {token?: string};
    if (token) {
      auth = {token, ...synkronus.whoIs(token)};
      notify();
    }
  }
  return response;
}

/** Back to the seed: every token forgotten. */
export function resetSynkronus() {
  synkronus.reset();
  auth = {token: ''};
  notify();
}

/** Makes every token issued so far expired. */
export function expireTokens() {
  synkronus.expireTokens();
  // A new object, so that the consoles showing who is logged in render again.
  auth = {...auth};
  notify();
}
