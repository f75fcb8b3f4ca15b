/**
 * The in-browser Synkronus (packages/synkronus-mock/src) as tests use it: its contract built from the description
 * like the build does (src/api/model/toContract.ts), a fresh mock of it, and a check of an answer
 * against the description with Ajv (./api-description.ts): the status is one the operation documents,
 * and a JSON body matches that response's schema.
 */
import {resolveRef} from '../../src/api/openapi';
import {createSynkronus, type DialectName, type Synkronus} from 'synkronus-mock/src';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {engineDataFromFiles} from '../../src/api/engine-data';
import {API, schemaValidator} from './api-description';
import {ROOT} from './content';

/** The contract and the Known issues entries, made from the files as the build makes them. */
export const ENGINE_DATA = engineDataFromFiles(ROOT);
export const CONTRACT = ENGINE_DATA.contract;
export const KNOWN_ISSUES = ENGINE_DATA.knownIssues;
export const OPERATIONS = CONTRACT.operations;
const validate = schemaValidator(API);

/** A fresh engine with the console's seed; the description's dialect unless told otherwise. */
export function newSynkronus(dialect: DialectName = 'description'): Synkronus {
  return createSynkronus(ENGINE_DATA, {dialect});
}

export function contractOperation(operationId: string): ContractOperation {
  const op = OPERATIONS.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`api/synkronus.yaml has no operation ${operationId}`);
  return op;
}

/** The problems of an answer of `operationId` with `status`, content type and body text; [] when it matches the description. */
export function answerProblems(
  operationId: string,
  status: number,
  contentType: string | null,
  bodyText: string | null,
): string[] {
  const op = contractOperation(operationId);
  const entry = Object.values(API.paths[op.path]).find(
    (o) => (o as {operationId?: string})?.operationId === operationId,
  ) as {responses: Record<string, {$ref?: string}>} | undefined;
  const raw = entry?.responses[String(status)];
  if (!raw) return [`${operationId} does not document status ${status}`];
  const response = resolveRef(API, raw as never) as {content?: Record<string, {schema?: object}>};
  const media = Object.entries(response.content ?? {});
  if (media.length === 0)
    return bodyText ? [`${operationId} ${status}: documented without a body, got ${bodyText.length} characters`] : [];
  const [mediaType, {schema}] = media[0];
  const problems: string[] = [];
  if (!(contentType ?? '').startsWith(mediaType))
    problems.push(`${operationId} ${status}: content type ${contentType}, documented ${mediaType}`);
  if (mediaType === 'application/json' && schema) {
    let body: unknown;
    try {
      body = JSON.parse(bodyText ?? '');
    } catch {
      return [...problems, `${operationId} ${status}: the body is not JSON: ${bodyText}`];
    }
    problems.push(...validate(schema as never, body).map((p) => `${operationId} ${status}: ${p}`));
  }
  return problems;
}

/** Checks a Response of the mock against the description (it reads the body of a clone). */
export async function responseProblems(operationId: string, response: Response): Promise<string[]> {
  const text = await response.clone().text();
  return answerProblems(operationId, response.status, response.headers.get('content-type'), text || null);
}
