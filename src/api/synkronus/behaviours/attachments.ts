/**
 * Tag Attachments. The dialect "v1.0.0-alpha.6" follows internal/handlers/attachment.go,
 * pkg/attachment/service.go and pkg/attachment/manifest.go at the tag.
 */
import type {Behaviour, Call} from '../types';

/** An attachment id the engine stores: one path segment, never `.` or `..` (chi's {attachment_id} is one segment). */
function badId(call: Call): ReturnType<Call['fail']> | undefined {
  const id = call.params.attachment_id;
  if (id && !id.includes('/') && !id.includes('\\') && id !== '.' && id !== '..') return undefined;
  return call.fail(400, `the attachment id ${JSON.stringify(id)} is not one path segment`);
}

/**
 * The release keeps each attachment in a file named by its id (pkg/attachment/service.go), and os.Stat of a name
 * longer than the file system's 255 bytes fails with ENAMETOOLONG, which the handlers answer with 500.
 */
function nameTooLong(call: Call): string | undefined {
  const id = call.params.attachment_id;
  if (new TextEncoder().encode(id).length <= 255 || !call.when('attachment-id-over-255-bytes')) return undefined;
  // The data directory is never set at the tag (pkg/config/config.go), so the files are under ./attachments.
  return `stat attachments/${id}: file name too long`;
}

const getAttachmentManifest: Behaviour = (call) => {
  const {since_version: since = 0, client_id: clientId} = (call.body ?? {}) as {since_version?: number; client_id?: string};
  const {state} = call.store;
  if (call.dialect === 'v1.0.0-alpha.6') {
    if (!clientId) return call.fail(400, 'client_id is empty', {message: 'client_id is required'});
    if (since < 0) return call.fail(400, 'since_version is negative', {message: 'since_version must be non-negative'});
  }
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
  const invalid = badId(call);
  if (invalid) return invalid;
  const file = call.form?.get('file');
  if (!file || typeof file === 'string') return call.fail(400, 'no file field', {message: 'file is required'});
  const tooLong = nameTooLong(call);
  if (tooLong) return call.fail(500, 'the file name is too long for the file system', {error: tooLong, message: 'Failed to save attachment'});
  const {attachments, attachmentOperations} = call.store.state;
  const existing = attachments.get(call.params.attachment_id);
  if (existing && !existing.deleted)
    return call.fail(409, 'the attachment exists and is never overwritten', {error: 'file already exists', message: 'Attachment already exists'});
  const version = call.dialect === 'description' ? call.store.nextVersion() : 0;
  attachments.set(call.params.attachment_id, {
    id: call.params.attachment_id,
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    version,
    deleted: false,
  });
  if (call.dialect === 'description') attachmentOperations.push({attachment_id: call.params.attachment_id, operation: 'create', version});
  return {status: 200, body: {status: 'success'}};
};

const downloadAttachment: Behaviour = (call) => {
  const invalid = badId(call);
  if (invalid) return invalid;
  const tooLong = nameTooLong(call);
  if (tooLong)
    return call.fail(500, 'the file name is too long for the file system', {error: tooLong, message: 'Failed to check attachment existence'});
  const attachment = call.store.state.attachments.get(call.params.attachment_id);
  if (!attachment || attachment.deleted) return call.fail(404, 'no such attachment', {message: 'Attachment not found'});
  return {status: 200, bytes: attachment.bytes, contentType: 'application/octet-stream'};
};

const checkAttachmentExists: Behaviour = (call) => {
  const invalid = badId(call);
  if (invalid) return {status: invalid.status, reason: invalid.reason};
  if (nameTooLong(call)) return {status: 500, reason: 'the file name is too long for the file system'};
  const attachment = call.store.state.attachments.get(call.params.attachment_id);
  if (!attachment || attachment.deleted) return {status: 404};
  return {status: 200, headers: {'Content-Length': String(attachment.bytes.length)}, contentType: 'application/octet-stream'};
};

export const attachmentBehaviours = {getAttachmentManifest, uploadAttachment, downloadAttachment, checkAttachmentExists};
