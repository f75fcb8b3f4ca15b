/**
 * Ready-to-run `curl` examples generated from the API description, one per operation.
 * Pure functions: the API model holds each operation's sample (./model/build.ts), the reference at /api
 * shows it under each call, the console's "Copy as curl" formats its own request with `toCurl`, and the
 * tests run the same commands against the mock server.
 *
 * Rules: the path and required parameters take their documented examples (else the site's own,
 * ./request-examples.ts), optional query parameters appear when they have an example, protected calls send `Authorization: Bearer $TOKEN`,
 * a JSON body is the documented request example, a multipart file field uploads a local file,
 * and a binary answer is saved with `-o`.
 */
import {resolveRef, type OpenApiDocument, type OperationEntry, type Schema} from './openapi';
import {REQUEST_EXAMPLES, type RequestExample} from './request-examples';

/** Base URL of the examples: a Synkronus server on its default port. */
export const CURL_BASE_URL = 'http://localhost:8080';

/** Everything needed to send an operation's documented example request. */
export type RequestSample = {
  /** The operationId, or "METHOD /path" for an operation without one. */
  operationId: string;
  method: string;
  /** Path with its parameters filled in and its query string. */
  pathAndQuery: string;
  headers: Record<string, string>;
  jsonBody?: unknown;
  /** Multipart file fields: field name and the local file name to upload. */
  files?: {field: string; fileName: string; contentType?: string}[];
  /** Local file name to save a binary answer to. */
  outputFile?: string;
};

const EXTENSIONS: Record<string, string> = {'application/zip': 'zip', 'application/json': 'json'};

function exampleOf(entry: {example?: unknown; schema?: Schema}): unknown {
  return entry.example ?? entry.schema?.example ?? entry.schema?.default;
}

/** A parameter's example as it goes into a URL: a path or query value is a string, a number or a boolean. */
function parameterText(value: unknown, what: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${what} has no example${value === undefined ? '' : ' that fits in a URL'}`);
}

/** The file name at the end of a URL path (a percent-encoded `app/index.html` gives `index.html`). */
function lastSegment(pathAndQuery: string): string {
  return (
    decodeURIComponent(pathAndQuery.split('?')[0].split('/').pop() ?? '')
      .split('/')
      .pop() ?? ''
  );
}

function withExtension(name: string, mediaType: string | undefined): string {
  const extension = mediaType ? EXTENSIONS[mediaType] : undefined;
  return /\.\w+$/.test(name) || !extension ? name : `${name}.${extension}`;
}

function isBinary(doc: OpenApiDocument, schema: Schema | undefined): boolean {
  return !!schema && resolveRef(doc, schema).format === 'binary';
}

/** The documented example request of one operation; `site` fills in what the description gives no example of. */
export function requestSample(doc: OpenApiDocument, entry: OperationEntry, examples = REQUEST_EXAMPLES): RequestSample {
  const {operation} = entry;
  const operationId = operation.operationId ?? `${entry.method.toUpperCase()} ${entry.path}`;
  const site: RequestExample = examples[operationId] ?? {};
  let path = entry.path;
  const query: string[] = [];
  for (const parameter of entry.parameters) {
    const value = exampleOf(parameter) ?? site.parameters?.[parameter.name];
    const hasExample = parameter.example !== undefined || site.parameters?.[parameter.name] !== undefined;
    if (parameter.in === 'path') {
      const text = parameterText(value, `${operationId}: path parameter ${parameter.name}`);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    } else if (parameter.in === 'query' && (parameter.required || hasExample)) {
      const text = parameterText(value, `${operationId}: query parameter ${parameter.name}`);
      query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(text)}`);
    }
  }
  const pathAndQuery = query.length ? `${path}?${query.join('&')}` : path;
  const sample: RequestSample = {
    operationId,
    method: entry.method.toUpperCase(),
    pathAndQuery,
    headers: entry.isPublic ? {} : {Authorization: 'Bearer $TOKEN'},
  };

  const body = operation.requestBody && resolveRef(doc, operation.requestBody).content;
  if (body?.['application/json']) {
    const example = exampleOf(body['application/json']) ?? site.body;
    if (example === undefined) throw new Error(`${operationId}: the JSON request body has no example`);
    sample.headers['Content-Type'] = 'application/json';
    sample.jsonBody = example;
  } else if (body?.['multipart/form-data']) {
    const media = body['multipart/form-data'];
    const schema = resolveRef(doc, media.schema ?? {});
    sample.files = Object.entries(schema.properties ?? {})
      .filter(([, property]) => isBinary(doc, property))
      .map(([field]) => {
        const contentType = media.encoding?.[field]?.contentType;
        const fromUrl = lastSegment(pathAndQuery);
        const fileName = /\.\w+$/.test(fromUrl) ? fromUrl : withExtension(field, contentType);
        return {field, fileName, ...(contentType ? {contentType} : {})};
      });
  }

  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
  const binaryAnswer = Object.entries(success?.content ?? {}).find(([, media]) => isBinary(doc, media.schema));
  if (binaryAnswer && entry.method !== 'head') {
    sample.outputFile = withExtension(lastSegment(pathAndQuery), binaryAnswer[0]);
  }
  return sample;
}

function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The sample as a multi-line bash command. `$TOKEN` stays a shell variable. */
export function toCurl(sample: RequestSample, baseUrl: string = CURL_BASE_URL): string {
  const first = ['curl'];
  const hasBody = sample.jsonBody !== undefined || !!sample.files?.length;
  // curl sends GET, or POST when there is a body; any other method is named.
  if (sample.method === 'HEAD') first.push('--head');
  else if (sample.method !== (hasBody ? 'POST' : 'GET')) first.push('-X', sample.method);
  first.push(`"${baseUrl}${sample.pathAndQuery}"`);
  const lines = [first.join(' ')];
  for (const [name, value] of Object.entries(sample.headers)) lines.push(`-H "${name}: ${value}"`);
  if (sample.jsonBody !== undefined) lines.push(`-d ${singleQuoted(JSON.stringify(sample.jsonBody, null, 2))}`);
  for (const file of sample.files ?? []) {
    lines.push(`-F "${file.field}=@${file.fileName}${file.contentType ? `;type=${file.contentType}` : ''}"`);
  }
  if (sample.outputFile) lines.push(`-o "${sample.outputFile}"`);
  return lines.join(' \\\n  ');
}
