/**
 * Tag Attachments. The release follows internal/handlers/attachment.go, attachment_manifest.go and
 * pkg/attachment at the tag: files under `attachments/` (the data directory is never set, so relative to the
 * server's working directory), named by the id exactly as chi hands it over.
 */
import type {Answer, Behaviour, Call} from '../types';
import {DRIVER_ERROR, emptyField} from './fields';

/** Linux refuses a file name over 255 bytes (os.Stat: "file name too long"). */
const NAME_MAX = 255;

/**
 * Why the release's file system refuses the id, if it does: `.` and `..` are refused by pkg/attachment before
 * any file call (os.ErrInvalid), an over-long name by os.Stat. The description dialect takes any one segment.
 */
function fileProblem(call: Call, id: string): {error: string | null} | undefined {
  if (!call.has('attachment-id-not-decoded')) return undefined;
  // The release's router hands over the id undecoded, so an escaped `/` is a character of the name, never a folder.
  // pkg/attachment/service.go refuses `.` and `..` itself (os.ErrInvalid); the system refuses a NUL in a name.
  if (id === '.' || id === '..' || id.includes('\u0000')) {
    call.when('attachment-id-not-decoded');
    return {error: id.includes('\u0000') ? `stat attachments/${id}: invalid argument` : 'invalid argument'};
  }
  if (new TextEncoder().encode(id).length <= NAME_MAX) return undefined;
  call.when('attachment-id-over-255-bytes');
  return {error: `stat attachments/${id}: file name too long`};
}

/** The id as the handler reads it: percent-decoded in the description, as routed in the release. */
function attachmentId(call: Call): string {
  const id = call.params.attachment_id;
  if (id.includes('%')) call.when('attachment-id-not-decoded');
  return id;
}

/**
 * The description dialect stores an attachment under its decoded id: the engine takes one path segment only,
 * so that no id names a folder (the description is silent; this is the engine's own limit).
 */
function describedIdProblem(call: Call, id: string): Answer | undefined {
  if (call.has('attachment-id-not-decoded') || (!/[\\/]/.test(id) && id !== '.' && id !== '..')) return undefined;
  return {
    status: 400,
    body: {error: 'not specified by the description'},
    limit: `attachment ids that are not one path segment (${JSON.stringify(id)})`,
  };
}

const getAttachmentManifest: Behaviour = (call) => {
  const {since_version: since = 0} = call.body as {since_version?: number};
  const {state} = call.store;
  if (emptyField(call, 'client_id')) return call.fail(400, 'client_id is empty', 'clientIdRequired');
  if (since < 0) return call.fail(400, 'since_version is negative', 'sinceVersionNegative');
  if (state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: `failed to get current version: ${DRIVER_ERROR}`,
      message: 'Failed to generate attachment manifest',
    });
  // Nothing in the server at the tag records an attachment operation, so its manifest is always empty.
  const operations = call.when('attachment-manifest-empty') ? [] : latestOperations(call, since);
  const downloads = operations.filter((o) => o.operation === 'download');
  return {
    status: 200,
    body: {
      current_version: state.counter,
      operations: operations.length === 0 && call.when('empty-lists-null') ? null : operations,
      total_download_size: downloads.reduce((sum, o) => sum + ((o.size as number | undefined) ?? 0), 0),
      operation_count: {download: downloads.length, delete: operations.length - downloads.length},
    },
  };
};

/** The newest operation on each attachment after `since`, in version order, as the manifest lists them. */
function latestOperations(call: Call, since: number): Record<string, unknown>[] {
  const {attachments, attachmentOperations} = call.store.state;
  const latest = new Map<string, (typeof attachmentOperations)[number]>();
  for (const op of attachmentOperations) if (op.version > since) latest.set(op.attachment_id, op);
  return [...latest.values()]
    .sort((a, b) => a.version - b.version)
    .map((op) => {
      if (op.operation === 'delete') return {operation: 'delete', attachment_id: op.attachment_id, version: op.version};
      const attachment = attachments.get(op.attachment_id);
      return {
        operation: 'download',
        attachment_id: op.attachment_id,
        download_url: `${call.url.origin}/attachments/${encodeURIComponent(op.attachment_id)}`,
        size: attachment?.bytes.length ?? 0,
        content_type: attachment?.contentType ?? 'application/octet-stream',
        version: op.version,
      };
    });
}

const uploadAttachment: Behaviour = async (call) => {
  const id = attachmentId(call);
  const outside = describedIdProblem(call, id);
  if (outside) return outside;
  const file = call.form?.get('file');
  if (!file || typeof file === 'string') return call.fail(400, 'no file field', 'fileRequired');
  const problem = fileProblem(call, id);
  if (problem)
    return call.fail(500, 'the file system refuses this name', {...problem, message: 'Failed to save attachment'});
  const {attachments, attachmentOperations} = call.store.state;
  const existing = attachments.get(id);
  if (existing && !existing.deleted)
    return call.fail(409, 'the attachment exists and is never overwritten', 'attachmentExists');
  // The release records no attachment operation (see getAttachmentManifest); the description lists each.
  const recorded = !call.has('attachment-manifest-empty');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const {diskBytesLeft: room} = call.store.state;
  if (room !== undefined && bytes.length > room) return failedWrite(call, id, bytes.subarray(0, room));
  if (room !== undefined) call.store.state.diskBytesLeft = room - bytes.length;
  const version = recorded ? call.store.nextVersion() : 0;
  attachments.set(id, {id, bytes, contentType: file.type || 'application/octet-stream', version, deleted: false});
  if (recorded) attachmentOperations.push({attachment_id: id, operation: 'create', version});
  return {status: 200, body: {status: 'success'}};
};

/**
 * A write the disk cannot hold whole. The release creates the file under its final name and copies into it
 * (pkg/attachment/service.go, Save), so the part written stays, and every later upload of the id gets 409; the
 * description's 500 says nothing is stored.
 */
function failedWrite(call: Call, id: string, written: Uint8Array): Answer {
  call.store.state.diskBytesLeft = 0;
  if (call.when('attachment-failed-write-kept'))
    call.store.state.attachments.set(id, {
      id,
      bytes: written.slice(),
      contentType: 'application/octet-stream',
      version: 0,
      deleted: false,
    });
  return call.fail(500, 'the disk is full', {
    error: `write attachments/${id}: no space left on device`,
    message: 'Failed to save attachment',
  });
}

function found(call: Call, id: string, message: string): Answer | 'missing' | undefined {
  const outside = describedIdProblem(call, id);
  if (outside) return outside;
  const problem = fileProblem(call, id);
  if (problem) return call.fail(500, 'the file system refuses this name', {...problem, message});
  const attachment = call.store.state.attachments.get(id);
  return !attachment || attachment.deleted ? 'missing' : undefined;
}

const downloadAttachment: Behaviour = (call) => {
  const id = attachmentId(call);
  const refused = found(call, id, 'Failed to check attachment existence');
  if (refused === 'missing') return call.fail(404, 'no such attachment', 'attachmentNotFound');
  if (refused) return refused;
  return {
    status: 200,
    bytes: call.store.state.attachments.get(id)!.bytes,
    contentType: 'application/octet-stream',
    ownHeaders: {'Content-Disposition': `attachment; filename=${id}`},
  };
};

const checkAttachmentExists: Behaviour = (call) => {
  const id = attachmentId(call);
  const refused = found(call, id, '');
  if (refused === 'missing') return {status: 404};
  // HEAD has no body: the refusal keeps what says why (its limit, rules or reason) and drops the rest.
  if (refused)
    return {status: refused.status, reason: refused.reason, limit: refused.limit, unspecified: refused.unspecified};
  return {status: 200};
};

export const attachmentBehaviours = {
  getAttachmentManifest,
  uploadAttachment,
  downloadAttachment,
  checkAttachmentExists,
};
