/**
 * The requests the Prism conformance test (packages/synkronus-mock/tests/synkronus-prism.spec.ts) sends to each dialect of the
 * Synkronus engine, made from the contract of the effective description (tests/support/api-console.ts: each operation, its
 * parameters with their schemas and examples, its body and example, its roles and documented statuses), not
 * from a list of its own: for every operation, its documented request, then the same with no token (a public
 * one with a token), with a token of each seeded role it does not list, with a token that is no token or has
 * expired, with each parameter of the wrong type or out of its bounds, with each field of the example left out,
 * of the wrong type or of another value, with each JSON literal as the whole body, without a body, with the
 * database down, and, for the statuses that need a state, twice (409), again with its ETag (304), with an
 * unknown identity (404), after the PUT of the same path (what it stored, 200) and with a file over the
 * engine's limit (413). Then paths and methods the description does not have.
 * Each case starts from the same state (the seed and the logins): ./prism-conformance.ts restores it. */
import {MAX_BUNDLE_BYTES, SEED_USERS, type ContractOperation} from '../../src';
import type {ContractParameter} from '../../src/contract';
import {CONTRACT} from '../../../../tests/support/api-console';
import {CORE_BUNDLE, zipOf, type Send, type Session, type Who} from './engine-session';
import {JSON_LITERALS, MALFORMED_JSON} from '../../../../tests/support/sample-bodies';

export type Case = {label: string; run: (s: Session) => Promise<unknown>};

/** One request to an operation: its parameter values (unencoded), the user whose token it carries, its body. */
type Call = {
  values?: Record<string, string>;
  /** Send the path parameters as they are, not percent-encoded. */
  rawPath?: true;
  /** The user whose access token is sent; null: no token. */
  who?: Who | null;
  /** A token sent as it is. */
  token?: string;
  body?: Pick<Send, 'raw' | 'form'>;
};

const whoOf = (username: string) => username as Who;

/** The user of an operation's documented request: the one whose password its example holds, or the first allowed. */
function documentedUser(op: ContractOperation): Who | null {
  if (op.isPublic) return null;
  const allowed = SEED_USERS.filter((u) => op.roles.includes(u.role));
  const example = op.body?.example ?? '';
  return whoOf((allowed.find((u) => example.includes(u.password)) ?? allowed[0]).username);
}

const fileOf = (field: string) =>
  field === 'bundle' ? zipOf(CORE_BUNDLE) : new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], {type: 'image/jpeg'});

/** The documented body: the example as the description prints it, or a valid file in each file field. */
function documentedBody(op: ContractOperation): Call['body'] {
  if (!op.body) return undefined;
  if (op.body.files) return {form: Object.fromEntries(op.body.files.map((f) => [f, fileOf(f)]))};
  return op.body.example === undefined ? undefined : {raw: op.body.example};
}

function documentedValues(op: ContractOperation): Record<string, string> {
  return Object.fromEntries(
    op.parameters.filter((p) => p.example !== undefined).map((p) => [`${p.in}:${p.name}`, p.example!]),
  );
}

/** Sends one call to `op` in the session, with the documented values where the call gives none. */
function send(s: Session, op: ContractOperation, call: Call = {}) {
  const values = {...documentedValues(op), ...call.values};
  const valueOf = (p: ContractParameter) => values[`${p.in}:${p.name}`];
  const encode = call.rawPath ? (v: string) => v : encodeURIComponent;
  let path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(values[`path:${name}`] ?? ''));
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters.filter((q) => valueOf(q) !== undefined)) {
    if (p.in === 'query') query.set(p.name, valueOf(p));
    if (p.in === 'header') headers[p.name] = valueOf(p);
  }
  if (query.toString()) path += `?${query}`;
  const who = call.who === undefined ? documentedUser(op) : call.who;
  const token = call.token ?? (who ? s.access[who] : undefined);
  const body = call.body === undefined ? documentedBody(op) : call.body;
  return s.send(op.method, path, {token, headers, ...body});
}

const once = (op: ContractOperation, label: string, call: Call): Case => ({label, run: (s) => send(s, op, call)});

/** A JSON Web Token as a string of the example (three base64url parts). */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const isToken = (value: unknown) => typeof value === 'string' && JWT.test(value);

function holdsToken(example: string): boolean {
  let found = false;
  JSON.parse(example, (_key, value: unknown) => {
    found ||= isToken(value);
    return value;
  });
  return found;
}

/** The example with each token in it replaced by a refresh token of the session (the example's is made up). */
function withSessionTokens(op: ContractOperation, example: string, s: Session): string {
  const who = documentedUser(op) ?? whoOf(SEED_USERS[0].username);
  return JSON.stringify(JSON.parse(example), (_key, value: unknown) => (isToken(value) ? s.refresh[who] : value));
}

/** The documented request; when its example holds a token, the same with a live one; its path unencoded. */
function documentedCases(op: ContractOperation): Case[] {
  const cases = [once(op, 'the documented request', {})];
  const example = op.body?.example;
  if (example && holdsToken(example))
    cases.push({
      label: 'the documented request, its token one of the session',
      run: (s) => send(s, op, {body: {raw: withSessionTokens(op, example, s)}}),
    });
  if (op.parameters.some((p) => p.in === 'path' && /[/?#]/.test(p.example ?? '')))
    cases.push(once(op, 'the documented request, its path parameters not percent-encoded', {rawPath: true}));
  return cases;
}

function tokenCases(op: ContractOperation): Case[] {
  if (op.isPublic) return [once(op, 'with a token, which it does not ask for', {who: whoOf(SEED_USERS[0].username)})];
  const others = SEED_USERS.filter((u) => !op.roles.includes(u.role));
  return [
    once(op, 'no token', {who: null}),
    ...others.map((u) => once(op, `a token of ${u.role}, a role it does not list`, {who: whoOf(u.username)})),
    once(op, 'a token that is not a JWT', {token: 'not-a-token'}),
    {
      label: 'an expired token',
      run: (s) => {
        s.engine.expireTokens();
        return send(s, op);
      },
    },
  ];
}

/** Values of a parameter that its schema refuses. */
function wrongValues(schema: Record<string, unknown> = {}): {what: string; value: string}[] {
  const wrong: {what: string; value: string}[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    wrong.push({what: 'not a number', value: 'abc'});
    if (typeof schema.minimum === 'number') wrong.push({what: 'under its minimum', value: String(schema.minimum - 1)});
    if (typeof schema.maximum === 'number') wrong.push({what: 'over its maximum', value: String(schema.maximum + 1)});
  }
  if (schema.type === 'boolean') wrong.push({what: 'not a boolean', value: 'maybe'});
  if (typeof schema.pattern === 'string') wrong.push({what: 'not matching its pattern', value: 'v1'});
  if (Array.isArray(schema.enum)) wrong.push({what: 'not one of its values', value: 'no-such-value'});
  return wrong;
}

function parameterCases(op: ContractOperation): Case[] {
  return op.parameters.flatMap((p) => {
    const key = `${p.in}:${p.name}`;
    const cases = wrongValues(p.schema).map(({what, value}) =>
      once(op, `${p.in} parameter ${p.name} ${what} (${value})`, {values: {[key]: value}}),
    );
    if (p.schema?.type === 'string' && !p.schema.pattern && p.in !== 'header')
      cases.push(once(op, `${p.in} parameter ${p.name} unknown`, {values: {[key]: `no-such-${p.name}`}}));
    return cases;
  });
}

/** A value of another JSON type than `value`. */
function otherType(value: unknown): unknown {
  if (typeof value === 'string') return 1;
  if (typeof value === 'number') return '1';
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return {};
  return value === null ? {} : [];
}

/**
 * Each field of `value` (objects, and the first item of arrays, four levels deep) left out, of another type,
 * and, for a string, another value (an unknown user, a wrong password).
 */
function fieldMutations(
  value: unknown,
  path: (string | number)[] = [],
): {label: string; change: (copy: unknown) => void}[] {
  if (value === null || typeof value !== 'object' || path.length >= 4) return [];
  const keys: (string | number)[] = Array.isArray(value) ? (value.length ? [0] : []) : Object.keys(value);
  return keys.flatMap((key) => {
    const here = [...path, key];
    const name = here.join('.');
    const at = (copy: unknown) =>
      here.slice(0, -1).reduce((o, k) => (o as Record<string, unknown>)[k], copy) as Record<string, unknown>;
    const child = (value as Record<string, unknown>)[key];
    const own = [
      {label: `${name} of another type`, change: (copy: unknown) => void (at(copy)[key] = otherType(child))},
    ];
    if (typeof child === 'string')
      own.push({label: `${name} another value`, change: (copy) => void (at(copy)[key] = `other-${String(key)}`)});
    if (!Array.isArray(value)) own.unshift({label: `without ${name}`, change: (copy) => void delete at(copy)[key]});
    return [...own, ...fieldMutations(child, here)];
  });
}

function jsonBodyCases(op: ContractOperation, example: string): Case[] {
  const literals = [...JSON_LITERALS, '{}'].map((raw) => once(op, `the body ${raw}`, {body: {raw}}));
  const fields = fieldMutations(JSON.parse(example)).map(({label, change}) => {
    const copy = JSON.parse(example) as unknown;
    change(copy);
    return once(op, `the documented body ${label}`, {body: {raw: JSON.stringify(copy)}});
  });
  return [
    ...literals,
    once(op, 'no body', {body: {}}),
    once(op, `the body ${MALFORMED_JSON[0]}`, {body: {raw: MALFORMED_JSON[0]}}),
    ...fields,
  ];
}

function multipartCases(op: ContractOperation, files: string[]): Case[] {
  const text = new Blob(['not the file it expects'], {type: 'text/plain'});
  const cases = [
    once(op, 'no body', {body: {}}),
    once(op, 'a form without its file', {body: {form: {other: text}}}),
    once(op, 'each file a text file', {body: {form: Object.fromEntries(files.map((f) => [f, text]))}}),
  ];
  if (op.responses.some((r) => r.status === '413')) {
    const big = new Blob([new Uint8Array(MAX_BUNDLE_BYTES + 1)], {type: 'application/zip'});
    cases.push(once(op, 'a file over the limit', {body: {form: Object.fromEntries(files.map((f) => [f, big]))}}));
  }
  return cases;
}

function bodyCases(op: ContractOperation): Case[] {
  if (op.body?.files) return multipartCases(op, op.body.files);
  if (op.body?.example !== undefined) return jsonBodyCases(op, op.body.example);
  return [];
}

const documents = (op: ContractOperation, status: string) => op.responses.some((r) => r.status === status);

/** The cases a documented status needs a state for, and the database down. */
function stateCases(op: ContractOperation): Case[] {
  const cases: Case[] = [
    {
      label: 'the database down',
      run: (s) => {
        s.engine.failDatabase(true);
        return send(s, op);
      },
    },
  ];
  if (documents(op, '409'))
    cases.push({label: 'the documented request twice', run: async (s) => send(s, op).then(() => send(s, op))});
  const conditional = op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'if-none-match');
  const writer = CONTRACT.operations.find((other) => other.path === op.path && other.method === 'PUT');
  if (writer && ['GET', 'HEAD'].includes(op.method))
    cases.push({
      label: `after ${writer.operationId} of the same path`,
      run: async (s) => send(s, writer).then(() => send(s, op)),
    });
  if (conditional && documents(op, '304'))
    cases.push({
      label: `again with ${conditional.name}, the ETag of the first answer`,
      run: async (s) => {
        const first = await send(s, op);
        return send(s, op, {values: {[`header:${conditional.name}`]: first.headers.get('etag') ?? '""'}});
      },
    });
  return cases;
}

function operationCases(op: ContractOperation): Case[] {
  return [...documentedCases(op), ...tokenCases(op), ...parameterCases(op), ...bodyCases(op), ...stateCases(op)].map(
    (c) => ({...c, label: `${op.operationId}: ${c.label}`}),
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** Paths the description does not have, and the methods it does not have on each of its paths. */
function unknownCases(): Case[] {
  const byPath = new Map<string, ContractOperation[]>();
  for (const op of CONTRACT.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const filled = (op: ContractOperation) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      encodeURIComponent(op.parameters.find((p) => p.in === 'path' && p.name === name)?.example ?? name),
    );
  const tokenFor = (s: Session, op: ContractOperation) => {
    const who = documentedUser(op);
    return who ? s.access[who] : undefined;
  };
  const paths = ['/', '/nope', '/health/extra', ...[...byPath.values()].map((ops) => `${filled(ops[0])}/`)];
  return [
    ...paths.map((path) => ({
      label: `unknown path ${path}`,
      run: (s: Session) => s.send('GET', path, {token: s.access.admin}),
    })),
    ...[...byPath.values()].flatMap((ops) =>
      METHODS.filter((m) => !ops.some((op) => op.method === m)).map((method) => ({
        label: `unknown method ${method} ${ops[0].path}`,
        run: (s: Session) => s.send(method, filled(ops[0]), {token: tokenFor(s, ops[0])}),
      })),
    ),
  ];
}

/** Every case, made from the contract of the effective description. */
export function corpus(): Case[] {
  return [...CONTRACT.operations.flatMap(operationCases), ...unknownCases()];
}
