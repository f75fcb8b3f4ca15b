/**
 * The steps of the sync playground (./Playground.tsx), each one call to the page's in-browser Synkronus:
 * log in, push a batch, pull page by page following change_cutoff while has_more is true, then the
 * attachment manifest. Each step is its request, its response and what a client does next.
 */
import Link from '@docusaurus/Link';
import type {ReactNode} from 'react';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {SEED_USERS} from 'synkronus-mock/src';
import {knownIssueHref} from '@site/src/known-issues';
import {MOCK_ORIGIN, showResponse, type Shown} from './Response';
import {contract, knownIssues, send} from './session';

const CLIENT_ID = 'playground-device';
const PAGE_SIZE = 50;
export const USER = SEED_USERS.find((user) => user.role === 'read-write')!;

export type Step = {title: string; request: string; shown: Shown; next: ReactNode};
export type Cursor = {token: string; since?: number; pages: number; pulled: string[]; done: boolean; manifest: boolean};

export const START: Cursor = {token: '', pages: 0, pulled: [], done: false, manifest: false};

const op = (operationId: string) => contract.operations.find((o) => o.operationId === operationId) as ContractOperation;

/** An Observation as ODE's file describes it: the seven required fields, no geolocation. */
function record(n: number, formType: string) {
  const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    observation_id: `obs-playground-${n}`,
    form_type: formType,
    form_version: '1.0',
    data: {household_size: n + 2, village: 'Maseno'},
    created_at: time,
    updated_at: time,
    synced_at: null,
    deleted: false,
  };
}

function uuid(): string {
  const hex = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function call(
  operationId: string,
  pathAndQuery: string,
  body: unknown,
  token?: string,
): Promise<{request: string; shown: Shown; json: Record<string, unknown>}> {
  const headers: Record<string, string> = {'Content-Type': 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  const text = JSON.stringify(body, null, 2);
  const exchange = await send(
    new Request(`${MOCK_ORIGIN}${pathAndQuery}`, {method: 'POST', headers, body: text}),
    operationId,
  );
  // A refused token gets plain text from the release (Known issues): no JSON to read then.
  const answer = await exchange.response.clone().text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer) as Record<string, unknown>;
  } catch {
    // Not JSON: the step shows the text as it came.
  }
  const request = [
    `POST ${pathAndQuery}`,
    ...Object.entries(headers).map(
      ([name, value]) => `${name}: ${name === 'Authorization' ? 'Bearer <token of the login>' : value}`,
    ),
    '',
    text,
  ].join('\n');
  return {request, shown: await showResponse(op(operationId), exchange), json};
}

/** The label of the button that takes the next step; none once the walk is complete. */
export function nextStepLabel(cursor: Cursor, stepCount: number): string | undefined {
  if (!cursor.token) return `Log in as ${USER.username}`;
  if (stepCount === 1) return 'Push a batch of three records';
  if (cursor.pages === 0) return `Pull the first page (limit ${PAGE_SIZE})`;
  if (!cursor.done) return `Pull the next page (since.version ${cursor.since})`;
  if (!cursor.manifest) return 'Get the attachment manifest';
  return undefined;
}

async function logIn(): Promise<{step: Step; token: string}> {
  const {request, shown, json} = await call('login', '/auth/login', {username: USER.username, password: USER.password});
  const next = (
    <>
      Send the <code>token</code> as <code>Authorization: Bearer …</code> on every call; before <code>expiresAt</code>,
      exchange the <code>refreshToken</code> for a new pair with <code>POST /auth/refresh</code>.
    </>
  );
  return {step: {title: '1. Log in', request, shown, next}, token: String(json.token)};
}

async function pushBatch(token: string): Promise<Step> {
  const body = {
    transmission_id: uuid(),
    client_id: CLIENT_ID,
    records: [record(1, 'household_survey'), record(2, 'water_point'), record(3, 'household_survey')],
  };
  const {request, shown, json} = await call('syncPush', '/sync/push', body, token);
  const failed = (json.failed_records as unknown[] | undefined)?.length ?? 0;
  const warned = (json.warnings as unknown[] | undefined)?.length ?? 0;
  const next = (
    <>
      {String(json.success_count)} records stored, {failed} in <code>failed_records</code>
      {failed
        ? ': the client keeps those, fixes them and pushes them again.'
        : warned
          ? ', with warnings that name records: log them.'
          : '.'}{' '}
      A push whose answer was lost is pushed again: each record replaces itself by its <code>observation_id</code>, but
      the server of this release writes it again with a new version (
      <Link to={knownIssueHref(knownIssues, 'transmission-id-not-idempotent')}>Known issues</Link>).
    </>
  );
  return {title: '2. Push a batch', request, shown, next};
}

async function pullPage(cursor: Cursor, number: number): Promise<{step: Step; cursor: Cursor}> {
  const body = {client_id: CLIENT_ID, ...(cursor.since === undefined ? {} : {since: {version: cursor.since}})};
  const {request, shown, json} = await call('syncPull', `/sync/pull?limit=${PAGE_SIZE}`, body, cursor.token);
  const records = (json.records as {observation_id: string}[] | null) ?? [];
  const hasMore = json.has_more === true;
  const cutoff = Number(json.change_cutoff);
  const pages = cursor.pages + 1;
  const next = hasMore ? (
    <>
      <code>has_more</code> is <code>true</code>: store these {records.length} records, then pull again with{' '}
      <code>since.version</code> set to this <code>change_cutoff</code>, {cutoff}.
    </>
  ) : (
    <>
      <code>has_more</code> is <code>false</code>: stop. Keep <code>change_cutoff</code>, {cutoff}, as{' '}
      <code>since.version</code> for the next sync.
    </>
  );
  return {
    step: {title: `${number}. Pull page ${pages}`, request, shown, next},
    cursor: {
      ...cursor,
      since: cutoff,
      pages,
      pulled: [...cursor.pulled, ...records.map((r) => r.observation_id)],
      done: !hasMore,
    },
  };
}

async function getManifest(token: string, number: number): Promise<Step> {
  const {request, shown, json} = await call(
    'getAttachmentManifest',
    '/attachments/manifest',
    {client_id: CLIENT_ID, since_version: 0},
    token,
  );
  const next = !(json.operations as unknown[] | null)?.length ? (
    <>
      No operation to apply: the server of this release never lists one (
      <Link to={knownIssueHref(knownIssues, 'attachment-manifest-empty')}>Known issues</Link>). Download the attachments
      your pulled records name with <code>GET /attachments/{'{attachment_id}'}</code>. The sync is complete.
    </>
  ) : (
    <>
      Download each <code>download</code> operation&apos;s file from its <code>download_url</code> (
      {String(json.total_download_size)} bytes in all), delete the files of the <code>delete</code> operations, then
      keep <code>current_version</code>, {String(json.current_version)}, as <code>since_version</code> for the next
      manifest. The sync is complete.
    </>
  );
  return {title: `${number}. Get the attachment manifest`, request, shown, next};
}

/** Takes the step that comes after `steps`: the walk so far with it, and where the walk is then; none once complete. */
export async function takeNextStep(
  cursor: Cursor,
  steps: Step[],
): Promise<{steps: Step[]; cursor: Cursor} | undefined> {
  if (!cursor.token) {
    const {step, token} = await logIn();
    return {steps: [step], cursor: {...cursor, token}};
  }
  if (steps.length === 1) return {steps: [...steps, await pushBatch(cursor.token)], cursor};
  if (!cursor.done) {
    const pulled = await pullPage(cursor, steps.length + 1);
    return {steps: [...steps, pulled.step], cursor: pulled.cursor};
  }
  if (!cursor.manifest) {
    return {steps: [...steps, await getManifest(cursor.token, steps.length + 1)], cursor: {...cursor, manifest: true}};
  }
  return undefined;
}
