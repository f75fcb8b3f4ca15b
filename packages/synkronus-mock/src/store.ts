/**
 * The engine's state (users, observations, attachments, app bundles, tokens, the version counter, the clock)
 * and the operations on it that behaviours and tests share. Plain data only, so that `structuredClone` copies
 * it: the engine answers a request in the other dialect on a copy to tell the console whether that dialect
 * would answer otherwise. What a new state holds is the dialect's seed (./seed.ts, releases/<tag>/seed.ts).
 */
import {sha256Hex} from './crypto';
import type {RuleId} from './rule-ids';

export type Role = 'read-only' | 'read-write' | 'admin';
export type User = {id: string; username: string; password: string; role: Role; createdAt: string; updatedAt: string};
/**
 * A stored record: its fields as the dialect stores them, and the release rules that changed what was stored
 * (`shapedBy`), which the answers that return the record name (a push stores, a pull shows).
 */
export type Observation = Record<string, unknown> & {
  observation_id: string;
  form_type: string;
  version: number;
  shapedBy?: RuleId[];
};
export type Attachment = {id: string; bytes: Uint8Array; contentType: string; version: number; deleted: boolean};
/** An attachment operation (create or delete) with the version it took, as the manifest lists them. */
export type AttachmentOperation = {attachment_id: string; operation: 'create' | 'delete'; version: number};
export type BundleFile = {path: string; bytes: Uint8Array; mimeType: string; hash: string; modTime: string};
/** An uploaded app bundle version, and the time it was stored. */
export type Bundle = {version: string; files: BundleFile[]; storedAt: string};
/** The manifest of the active app bundle, made when first asked for after a start or a switch. */
export type Manifest = {
  files: {path: string; size: number; hash: string; mimeType: string; modTime: string}[];
  version: string;
  generatedAt: string;
  hash: string;
};
export type Token = {username: string; role: Role; expiresAt: number; kind: 'access' | 'refresh'};

export type State = {
  users: Map<string, User>;
  observations: Map<string, Observation>;
  attachments: Map<string, Attachment>;
  attachmentOperations: AttachmentOperation[];
  /** The stored versions, oldest first. */
  bundles: Bundle[];
  /** The active version: its name (`current` where the server forgot it) and its files as served. */
  active: {version: string; files: BundleFile[]};
  manifest?: Manifest;
  /** The core-field hash the release keeps for each form it has seen (pkg/appbundle), by form name. */
  coreHashes: Record<string, string>;
  /** The version counter shared by observations and attachment operations. */
  counter: number;
  /** The tokens issued, with their user, role, kind and expiry (seconds). */
  tokens: Map<string, Token>;
  /** Transmission ids pushed so far. */
  transmissions: Set<string>;
  /** How far the engine's clock is from the machine's, in milliseconds (expireTokens, the control API). */
  clockOffset: number;
  /** Set by `failDatabase`: calls that read or write the database fail as they would without one. */
  databaseDown: boolean;
  /**
   * Set by `fillDisk`: how many more bytes of attachments the disk of the attachments folder takes; a write that
   * needs more fails part-way. Unset: room for any file.
   */
  diskBytesLeft?: number;
  /**
   * The version name the release's server holds in memory and writes into the manifest
   * (pkg/appbundle/service.go:26): set by a switch (versioning.go:257), or at start where versions exist but
   * none was ever activated (service.go:414-460). Unset, it is the default `current` (service.go:62).
   */
  memoryVersion?: string;
  /** Forms whose core-field hash an upload the release refused recorded all the same (pkg/appbundle/appinfo.go). */
  hashedForms?: string[];
};

/** What a new engine starts with. */
export type Seed = {
  /** The accounts; the console's three by default. `createdAt`: when a server made it (the seed's date otherwise). */
  users?: {username: string; password: string; role: Role; createdAt?: string}[];
  /** Whether to store the console's observations, attachments and app bundles (default true). */
  content?: boolean;
};

export const isoSeconds = (millis: number) => new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A file as stored, with its SHA-256 and the type `typeOf` gives its path. */
export function fileOf(path: string, bytes: Uint8Array, modTime: string, typeOf: (path: string) => string): BundleFile {
  return {path, bytes, mimeType: typeOf(path), hash: sha256Hex(bytes), modTime};
}

/**
 * The manifest of `files` as pkg/appbundle/service.go makes it: sorted by path, and hashed over each file's
 * path, hash and size, then the version and the time.
 */
export function manifestOf(version: string, files: BundleFile[], generatedAt: string): Manifest {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hashed = sorted.map((f) => `${f.path}${f.hash}${f.bytes.length}`).join('') + version + generatedAt;
  return {
    files: sorted.map(({path, bytes, hash, mimeType, modTime}) => ({
      path,
      size: bytes.length,
      hash,
      mimeType,
      modTime,
    })),
    version,
    generatedAt,
    hash: sha256Hex(hashed),
  };
}

/** The state and the operations on it that behaviours and tests share. */
export class Store {
  state: State;

  constructor(private readonly seed: () => State) {
    this.state = seed();
  }

  /** Back to the seed: every change and token forgotten. */
  reset(): void {
    this.state = this.seed();
  }

  /** A copy that changes independently (the other dialect answers on one). */
  copy(): Store {
    const other = new Store(this.seed);
    other.state = structuredClone(this.state);
    return other;
  }

  /**
   * What a restart of the release's server does to the state: the manifest is made again and the version
   * name in memory forgotten (pkg/appbundle/service.go Initialize); with no `CURRENT_VERSION` and versions
   * stored, the newest is marked active, without copying its files (ensureCurrentVersionSet); the core-field
   * hashes are those of the active folder's APP_INFO.json only (loadCoreFieldHashes).
   */
  restart(): void {
    const {state} = this;
    state.manifest = undefined;
    state.memoryVersion = undefined;
    const newest = state.bundles.map((b) => b.version).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))[0];
    if (!state.active.version && newest !== undefined) {
      state.active = {version: newest, files: state.active.files};
      state.memoryVersion = newest;
    }
    const info = state.active.files.find((f) => f.path === 'APP_INFO.json');
    const forms = info
      ? (JSON.parse(new TextDecoder().decode(info.bytes)) as {forms?: Record<string, {core_hash?: string}> | null})
          .forms
      : undefined;
    state.coreHashes = Object.fromEntries(
      Object.entries(forms ?? {}).map(([name, form]) => [name, form.core_hash ?? '']),
    );
  }

  /** The engine's clock, in milliseconds: real time, moved by `clockOffset`. */
  now(): number {
    return Date.now() + this.state.clockOffset;
  }

  nextVersion(): number {
    return ++this.state.counter;
  }

  /** The record of a token issued by this engine, while it is valid and of one of `kinds`. */
  tokenUser(token: string, kinds: Token['kind'][] = ['access']): Token | undefined {
    const entry = this.state.tokens.get(token);
    if (!entry || !kinds.includes(entry.kind) || entry.expiresAt * 1000 <= this.now()) return undefined;
    return entry;
  }
}
