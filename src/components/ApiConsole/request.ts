/**
 * The request of one operation's console, made from what the reader typed: the Request the in-browser Synkronus
 * answers, and the sample "Copy as curl" turns into a command for a real server.
 */
import type {RequestSample} from '@site/src/api/curl';
import type {ContractOperation} from 'synkronus-mock/src/contract';

/** What the reader typed into a console's form; `params` keyed by `in:name`. */
export type Inputs = {
  params: Record<string, string>;
  token: string;
  body: string;
  files: Record<string, File | undefined>;
};

export function buildRequest(
  op: ContractOperation,
  inputs: Inputs,
  origin: string,
): {request: Request; sample: RequestSample; bodyError?: string} {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  const sampleHeaders: Record<string, string> = {};
  for (const parameter of op.parameters) {
    const value = inputs.params[`${parameter.in}:${parameter.name}`] ?? '';
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (value === '') continue;
    else if (parameter.in === 'query') query.set(parameter.name, value);
    else if (parameter.in === 'header') {
      headers.set(parameter.name, value);
      sampleHeaders[parameter.name] = value;
    }
  }
  const pathAndQuery = `${path}${query.size ? `?${query}` : ''}`;
  if (!op.isPublic && inputs.token) {
    headers.set('Authorization', `Bearer ${inputs.token}`);
    sampleHeaders.Authorization = 'Bearer $TOKEN';
  }
  const sample: RequestSample = {operationId: op.operationId, method: op.method, pathAndQuery, headers: sampleHeaders};
  let body: BodyInit | undefined;
  let bodyError: string | undefined;
  if (op.body?.mediaType === 'application/json' && inputs.body.trim() !== '') {
    headers.set('Content-Type', 'application/json');
    body = inputs.body;
    sample.headers['Content-Type'] = 'application/json';
    try {
      sample.jsonBody = JSON.parse(inputs.body);
    } catch (error) {
      // Sent as typed (the mock answers 400), but never quoted into a curl command as a JSON string.
      bodyError = (error as Error).message;
    }
  } else if (op.body?.mediaType === 'multipart/form-data') {
    const form = new FormData();
    sample.files = [];
    for (const field of op.body.files ?? []) {
      const file = inputs.files[field];
      if (file) {
        form.append(field, file, file.name);
        sample.files.push({field, fileName: file.name});
      }
    }
    body = form;
  }
  return {request: new Request(`${origin}${pathAndQuery}`, {method: op.method, headers, body}), sample, bodyError};
}
