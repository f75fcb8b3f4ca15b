/**
 * The control API of the Node server (`synkronus-mock --control`), for tests in any language: it sets the
 * states a client's test needs and reads what the mock was sent. It lives under CONTROL_PREFIX, a path no
 * Synkronus release serves; only ./node.ts routes to it, so the page's console, which calls the engine
 * directly, can never reach it (there, as on a server, the path answers 404).
 */
import {harFile, type HarCreator} from './har';
import type {Synkronus} from './index';
import {journalJson, type Journal} from './journal';

export const CONTROL_PREFIX = '/__synkronus';

export type ControlContext = {
  engine: Synkronus<string>;
  journal: Journal;
  creator: HarCreator;
  reasonOf: (status: number) => string;
};

type Call = {method: string; path: string; body: unknown; ctx: ControlContext};
type Endpoint = {method: string; path: string; does: string; run: (call: Call) => unknown};

class ControlError extends Error {}

const fieldOf = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const clock = (ctx: ControlContext) => ({now: new Date(ctx.engine.now()).toISOString()});

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/reset',
    does: 'back to the seed, every change forgotten; {"seed": "empty"} starts without observations, attachments or app bundles from now on, {"seed": "full"} with them',
    run: ({body, ctx}) => {
      const seed = fieldOf(body, 'seed');
      if (seed !== undefined && seed !== 'full' && seed !== 'empty')
        throw new ControlError('"seed" is "full" or "empty"');
      ctx.engine.reset(seed === undefined ? undefined : {content: seed === 'full'});
      return {reset: true, currentVersion: ctx.engine.currentVersion()};
    },
  },
  {
    method: 'POST',
    path: '/expire-tokens',
    does: 'every token issued so far expires',
    run: ({ctx}) => (ctx.engine.expireTokens(), clock(ctx)),
  },
  {
    method: 'PUT',
    path: '/database',
    does: '{"down": true} makes the database unreachable, {"down": false} brings it back',
    run: ({body, ctx}) => {
      const down = fieldOf(body, 'down');
      if (typeof down !== 'boolean') throw new ControlError('give {"down": true} or {"down": false}');
      ctx.engine.failDatabase(down);
      return {down};
    },
  },
  {
    method: 'PUT',
    path: '/disk',
    does: '{"bytesLeft": <n>} leaves room for n more bytes of attachments, {"bytesLeft": null} frees the disk',
    run: ({body, ctx}) => {
      const bytesLeft = fieldOf(body, 'bytesLeft');
      if (bytesLeft !== null && !(Number.isSafeInteger(bytesLeft) && (bytesLeft as number) >= 0))
        throw new ControlError('give {"bytesLeft": <a whole number of bytes, 0 or more>} or {"bytesLeft": null}');
      ctx.engine.fillDisk(bytesLeft === null ? undefined : (bytesLeft as number));
      return {bytesLeft};
    },
  },
  {
    method: 'POST',
    path: '/restart',
    does: 'what a restart of the server loses is lost (what it keeps in memory only)',
    run: ({ctx}) => (ctx.engine.restart(), {restarted: true}),
  },
  {method: 'GET', path: '/clock', does: "the engine's clock", run: ({ctx}) => clock(ctx)},
  {
    method: 'PUT',
    path: '/clock',
    does: '{"now": "<ISO 8601 time>"} sets the clock, {"advanceSeconds": <n>} moves it on; it runs on from there',
    run: ({body, ctx}) => {
      const now = fieldOf(body, 'now');
      const advance = fieldOf(body, 'advanceSeconds');
      if (typeof now === 'string' && !Number.isNaN(Date.parse(now))) ctx.engine.setClock(Date.parse(now));
      else if (typeof advance === 'number' && Number.isFinite(advance)) ctx.engine.advanceClock(advance * 1000);
      else throw new ControlError('give {"now": "<ISO 8601 time>"} or {"advanceSeconds": <number>}');
      return clock(ctx);
    },
  },
  {
    method: 'GET',
    path: '/journal',
    does: 'every exchange since the start or the last DELETE: request, answer, dialect and rules',
    run: ({ctx}) => journalJson(ctx.journal.entries),
  },
  {
    method: 'DELETE',
    path: '/journal',
    does: 'empties the journal',
    run: ({ctx}) => (ctx.journal.clear(), {entries: 0}),
  },
  {
    method: 'GET',
    path: '/har',
    does: 'the journal as a HAR 1.2 file',
    run: ({ctx}) =>
      new Response(harFile(ctx.journal.entries, ctx.creator, ctx.reasonOf), {
        headers: {'content-type': 'application/json'},
      }),
  },
];

/** The calls of the control API, as `GET /__synkronus` lists them. */
export const CONTROL_CALLS: readonly {method: string; path: string; does: string}[] = ENDPOINTS.map(
  ({method, path, does}) => ({method, path, does}),
);

const json = (status: number, body: unknown) =>
  new Response(`${JSON.stringify(body, null, 2)}\n`, {status, headers: {'content-type': 'application/json'}});

/** The control API's answer to a request under CONTROL_PREFIX (`path` without the prefix). */
export function controlAnswer(method: string, path: string, bodyText: string, ctx: ControlContext): Response {
  if (path === '' || path === '/')
    return json(200, {
      calls: CONTROL_CALLS.map(({method: m, path: p, does}) => ({call: `${m} ${CONTROL_PREFIX}${p}`, does})),
    });
  const endpoint = ENDPOINTS.find((e) => e.path === path && e.method === method);
  if (!endpoint) {
    const known = ENDPOINTS.some((e) => e.path === path);
    return json(known ? 405 : 404, {
      error: `no control call ${method} ${CONTROL_PREFIX}${path}: GET ${CONTROL_PREFIX} lists them`,
    });
  }
  let body: unknown;
  try {
    body = bodyText.trim() ? JSON.parse(bodyText) : undefined;
  } catch {
    return json(400, {error: 'the body is not JSON'});
  }
  try {
    const result = endpoint.run({method, path, body, ctx});
    return result instanceof Response ? result : json(200, result);
  } catch (error) {
    if (error instanceof ControlError) return json(400, {error: error.message});
    throw error;
  }
}
