/**
 * Step 5: the body, read within the engine's limits (413 and X-Synkronus-Limit: what a page can hold). The
 * description dialect parses JSON and checks it against the request's schema; the release decodes it into
 * its handler's Go struct (releases/<tag>/structs.ts), which refuses only a JSON type it cannot hold, with
 * Go's words. A multipart body is read as a form in both: by the runtime in the description, by Go's
 * mime/multipart, with net/http's words, in the release.
 */
import {decodeGo} from '../go/json-decode';
import {parseMultipartForm, queryError} from '../go/multipart';
import {jsonDepth, MAX_JSON_BYTES, MAX_JSON_DEPTH, parseJson} from '../json';
import type {Answer, Release, RequestContext} from '../types';

/** The largest body of any kind the engine reads, in bytes (an app bundle's limit is its own). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const tooLarge = (limit: string): Answer => ({
  status: 413,
  body: {error: 'too large for the in-browser engine'},
  limit,
});

/** The body's bytes, or the engine's 413. */
async function bodyBytes(ctx: RequestContext): Promise<Uint8Array | Answer> {
  const declared = Number(ctx.request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) return tooLarge(`bodies over ${MAX_BODY_BYTES} bytes`);
  const bytes = new Uint8Array(await ctx.request.clone().arrayBuffer());
  return bytes.length > MAX_BODY_BYTES ? tooLarge(`bodies over ${MAX_BODY_BYTES} bytes`) : bytes;
}

const takesBody = (ctx: RequestContext) => ctx.op?.body && ctx.method !== 'GET' && ctx.method !== 'HEAD';

/** The schema problems of a JSON body, as the description dialect sees them (undefined: it is not JSON). */
export function describedBodyProblems(ctx: RequestContext, raw: string) {
  const parsed = parseJson(raw);
  if (!('value' in parsed) || !ctx.op?.body?.schema) return undefined;
  return ctx.validate(ctx.op.body.schema, parsed.value);
}

export async function bodyDescription(ctx: RequestContext) {
  if (!takesBody(ctx)) return undefined;
  const bytes = await bodyBytes(ctx);
  if (!(bytes instanceof Uint8Array)) return bytes;
  if (ctx.op!.body!.mediaType === 'multipart/form-data') return readForm(ctx);
  const raw = new TextDecoder().decode(bytes);
  if (raw.trim() === '')
    return ctx.op!.body!.required
      ? ctx.problem([{field: 'body', message: 'a JSON body is required'}], 'The body is empty.')
      : undefined;
  const parsed = parseJson(raw);
  if ('limit' in parsed) return tooLarge(parsed.limit);
  if ('error' in parsed) return ctx.problem([{field: 'body', message: parsed.error}], 'The body is not JSON.');
  ctx.body = parsed.value;
  const errors = ctx.op!.body!.schema ? ctx.validate(ctx.op!.body!.schema, parsed.value) : [];
  return errors.length ? ctx.problem(errors, 'The request body is not valid.') : undefined;
}

export async function bodyRelease(ctx: RequestContext, release: Release) {
  if (!takesBody(ctx)) return undefined;
  const bytes = await bodyBytes(ctx);
  if (!(bytes instanceof Uint8Array)) return bytes;
  if (ctx.op!.body!.mediaType === 'multipart/form-data')
    return readGoForm(ctx, bytes, release.multipartMessage[ctx.op!.operationId]);
  const struct = release.structs[ctx.op!.operationId];
  if (bytes.length > MAX_JSON_BYTES) return tooLarge(`a JSON body over ${MAX_JSON_BYTES} bytes`);
  const raw = new TextDecoder().decode(bytes);
  if (jsonDepth(raw) > MAX_JSON_DEPTH) return tooLarge(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  const decoded = decodeGo(bytes, struct);
  // The description lists no 400 for a push: a record field of the wrong JSON type refuses the whole batch.
  if ('error' in decoded && ctx.op!.operationId === 'syncPush') ctx.when('push-wrong-json-type-400');
  if ('error' in decoded)
    return ctx.fail(400, `Go's decoder refuses the body: ${decoded.error}`, {
      error: decoded.error,
      message: release.decodeMessage[ctx.op!.operationId],
    });
  // A release without the rule checks a body as the description does, once Go has decoded it; the engine
  // does not know such a server's words, so its 400 says so.
  const problems = ctx.has('bodies-checked-for-types-only') ? undefined : describedBodyProblems(ctx, raw);
  if (problems?.length)
    return ctx.fail(
      400,
      `the body does not match the description: ${problems.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    );
  ctx.body = decoded.value;
  ctx.rawJson = raw;
  return undefined;
}

/** A multipart form, as the description dialect reads it: the runtime's own multipart parser. */
async function readForm(ctx: RequestContext) {
  const media = (ctx.request.headers.get('Content-Type') ?? '').split(';')[0].trim();
  if (media.toLowerCase() !== 'multipart/form-data') return ctx.fail(400, 'the body is not multipart/form-data');
  try {
    ctx.form = await ctx.request.clone().formData();
  } catch {
    return ctx.fail(400, 'the multipart body cannot be read');
  }
  return undefined;
}

/**
 * A multipart form as the release's handler reads it (`r.ParseMultipartForm(32 << 20)`, then `r.FormFile`):
 * Go's reader, with net/http's text in the 400 (`message` is the handler's). The form's files come first, so
 * that `form.get(name)` finds a file where FormFile does.
 */
function readGoForm(ctx: RequestContext, bytes: Uint8Array, message: string) {
  const form = parseMultipartForm(
    ctx.request.headers.get('Content-Type') ?? '',
    bytes,
    queryError(ctx.goTarget!.rawQuery),
  );
  if ('error' in form)
    return ctx.fail(400, `net/http cannot read the multipart form: ${form.error}`, {error: form.error, message});
  const data = new FormData();
  for (const [name, files] of form.files)
    for (const file of files)
      data.append(name, new File([file.bytes.slice()], file.filename, {type: file.contentType}));
  for (const [name, values] of form.values) for (const value of values) data.append(name, value);
  ctx.form = data;
  return undefined;
}
