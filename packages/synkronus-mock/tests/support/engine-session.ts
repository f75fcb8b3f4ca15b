/**
 * An engine of one dialect, seen as a client sees it: requests built as clients build them, answers read
 * back (status, type, text, JSON), a login of each seeded user, and the checks the release's answers share.
 * Used by the dialect probes (packages/synkronus-mock/tests/synkronus-dialects.spec.ts) and the conformance cases of a release.
 */
import {expect} from '@playwright/test';
import {DIALECTS, type DialectName, type Synkronus} from '../../src';
import {writeZip} from '../../src/zip';
import {newSynkronus} from '../../../../tests/support/api-console';

export const BASE = 'http://127.0.0.1:8080';
export type Who = 'admin' | 'fieldworker' | 'viewer';
export const PASSWORDS: Record<Who, string> = {
  admin: 'admin-passphrase',
  fieldworker: 's3cret-passphrase',
  viewer: 'viewer-passphrase',
};

export type Send = {
  token?: string;
  json?: unknown;
  /** A body sent as it is, with the JSON content type. */
  raw?: string;
  headers?: Record<string, string>;
  form?: Record<string, Blob>;
};

export function request(method: string, path: string, {token, json, raw, headers, form}: Send = {}): Request {
  const init: RequestInit = {method, headers: new Headers(headers)};
  const h = init.headers as Headers;
  if (token) h.set('Authorization', `Bearer ${token}`);
  if (json !== undefined || raw !== undefined) {
    init.body = raw ?? JSON.stringify(json);
    h.set('Content-Type', 'application/json');
  } else if (form) {
    const data = new FormData();
    for (const [name, blob] of Object.entries(form))
      data.append(name, blob, name === 'bundle' ? 'bundle.zip' : 'photo.jpg');
    init.body = data;
  }
  return new Request(BASE + path, init);
}

export type Answer = {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
  headers: Headers;
  bytes: Uint8Array;
};

export async function answerOf(response: Response): Promise<Answer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
    headers: response.headers,
    bytes,
  };
}

/** An engine of one dialect with a login of each seeded user, and a place for what a probe's set-up found. */
export type Session = {
  engine: Synkronus<string>;
  /** A dialect of DIALECTS, or the tag of a release the engine was given (packages/synkronus-mock/tests/fixtures/test-release/). */
  dialect: string;
  access: Record<Who, string>;
  refresh: Record<Who, string>;
  found: Record<string, string>;
  send: (method: string, path: string, options?: Send) => Promise<Answer>;
};

/** `dialect` as one of DIALECTS: an engine of another release is made by the test and handed to `session`. */
function registered(dialect: string): DialectName {
  const found = DIALECTS.find((name) => name === dialect);
  if (!found) throw new Error(`${dialect} is not one of ${DIALECTS.join(', ')}: hand session() its engine`);
  return found;
}

export async function session(
  dialect: string,
  engine: Synkronus<string> = newSynkronus(registered(dialect)),
): Promise<Session> {
  const send = async (method: string, path: string, options?: Send) =>
    answerOf(await engine.handle(request(method, path, options)));
  const access = {} as Record<Who, string>;
  const refresh = {} as Record<Who, string>;
  for (const who of Object.keys(PASSWORDS) as Who[]) {
    const answer = await send('POST', '/auth/login', {json: {username: who, password: PASSWORDS[who]}});
    expect(answer.status, `${dialect}: login of ${who}`).toBe(200);
    const body = answer.json as {token: string; refreshToken: string};
    access[who] = body.token;
    refresh[who] = body.refreshToken;
  }
  return {engine, dialect, access, refresh, found: {}, send};
}

export const zipOf = (files: Record<string, string>) =>
  new Blob([
    writeZip(Object.entries(files).map(([name, text]) => ({name, data: new TextEncoder().encode(text)}))).slice(),
  ]);

export const plainText = (text: string) => (a: Answer) => {
  expect(a.contentType).toMatch(/^text\/plain/);
  expect(a.text).toBe(text);
};

export const jsonBody = (a: Answer) => {
  expect(a.contentType).toMatch(/^application\/json/);
  return a.json as Record<string, unknown>;
};

/** A ProblemDetail sent as `application/problem+json`, as the description documents most errors: its body. */
export const problemBody = (status: number) => (a: Answer) => {
  expect(a.contentType).toBe('application/problem+json');
  expect(a.json).toMatchObject({type: 'about:blank', status, title: expect.any(String), detail: expect.any(String)});
  return a.json as Record<string, unknown>;
};

/** An error as the release's handlers/common.go SendErrorResponse writes it. */
export const releaseError = (message: string, error?: string | RegExp) => (a: Answer) => {
  const body = jsonBody(a);
  expect(body.message).toBe(message);
  if (typeof error === 'string') expect(body.error).toBe(error);
  else if (error) expect(String(body.error)).toMatch(error);
};

export {record} from '../../../../tests/support/sample-bodies';

export const TRANSMISSION = '0b8f6a52-3c1d-4e7f-9a2b-6c5d4e3f2a1b';
export const push = (records: unknown[], transmission = TRANSMISSION) => ({
  transmission_id: transmission,
  client_id: 'client-dialects',
  records,
});

/** An app bundle with the layout the release checks for: an app, and a form with core fields and its ui.json. */
export const CORE_BUNDLE = {
  'app/index.html': '<!doctype html><title>Clinic app</title>',
  'forms/clinic_visit/schema.json': JSON.stringify({
    type: 'object',
    properties: {core_id: {type: 'string'}, weight: {type: 'number'}},
  }),
  'forms/clinic_visit/ui.json': JSON.stringify({type: 'VerticalLayout', elements: []}),
};
