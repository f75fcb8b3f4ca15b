/**
 * The engine's state (users, observations, attachments, app bundles, tokens, the version counter), its
 * seed and its clock. Plain data only, so that `structuredClone` copies it: the engine answers a request
 * in the other dialect on a copy to tell the console whether that dialect would answer otherwise.
 */
import {
  SEED_ATTACHMENTS,
  SEED_BUNDLES,
  SEED_CURRENT_VERSION,
  SEED_USERS,
  seedObservations,
  seedObservationVersion,
  type SeedUser,
} from './seed';
import {contentHash} from './hash';

export type Observation = Record<string, unknown> & {observation_id: string; form_type: string; version: number};
export type Attachment = {id: string; bytes: Uint8Array; contentType: string; version: number; deleted: boolean};
/** An attachment operation (create or delete) with the version it took, as the manifest lists them. */
export type AttachmentOperation = {attachment_id: string; operation: 'create' | 'delete'; version: number};
export type BundleFile = {path: string; bytes: Uint8Array; mimeType: string; hash: string; modTime: string};
export type Bundle = {version: string; files: BundleFile[]; generatedAt: string; hash: string};
export type Token = {username: string; role: SeedUser['role']; expiresAt: number; kind: 'access' | 'refresh'};

export type State = {
  users: Map<string, SeedUser>;
  observations: Map<string, Observation>;
  attachments: Map<string, Attachment>;
  attachmentOperations: AttachmentOperation[];
  bundles: Bundle[];
  activeBundle: string;
  /** The version counter shared by observations and attachment operations. */
  counter: number;
  tokens: Map<string, Token>;
  /** Transmission ids pushed so far. */
  transmissions: Set<string>;
  /** What `expireTokens` moved the clock on by, in milliseconds. */
  clockOffset: number;
  /** Set by `failDatabase`: calls that read or write the database fail as they would without one. */
  databaseDown: boolean;
  /** Set by `restart`: the server lost what it kept in memory only. */
  restarted: boolean;
  /** Forms whose core-field hash an upload the release refused recorded all the same (pkg/appbundle/appinfo.go). */
  hashedForms?: string[];
};

/** What a new engine starts with. */
export type Seed = {
  /** The accounts; the console's three by default. */
  users?: {username: string; password: string; role: SeedUser['role']}[];
  /** Whether to store the console's observations, attachments and app bundles (default true). */
  content?: boolean;
};

const encoder = new TextEncoder();
export const isoSeconds = (millis: number) => new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z');

const MIME_TYPES: [RegExp, string][] = [
  [/\.html?$/, 'text/html'],
  [/\.json$/, 'application/json'],
  [/\.js$/, 'text/javascript'],
  [/\.css$/, 'text/css'],
];
const mimeOf = (path: string) => MIME_TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? 'application/octet-stream';

export function bundleOf(version: string, files: {path: string; bytes: Uint8Array}[], time: number): Bundle {
  const modTime = isoSeconds(time);
  const entries = files.map(({path, bytes}) => ({path, bytes, mimeType: mimeOf(path), hash: contentHash(bytes), modTime}));
  const all = entries.map((file) => `${file.path}:${file.hash}`).join('\n');
  return {version, files: entries, generatedAt: modTime, hash: contentHash(encoder.encode(all))};
}

/** The time of a dated version name `YYYYMMDD-HHMMSS`. */
const versionTime = (version: string) =>
  Date.UTC(+version.slice(0, 4), +version.slice(4, 6) - 1, +version.slice(6, 8), +version.slice(9, 11), +version.slice(11, 13));

export function seededState(seed: Seed = {}): State {
  const users = new Map<string, SeedUser>(
    (seed.users ?? SEED_USERS).map((user) => [
      user.username,
      {createdAt: SEED_USERS[0].createdAt, ...user},
    ]),
  );
  const state: State = {
    users,
    observations: new Map(),
    attachments: new Map(),
    attachmentOperations: [],
    bundles: [],
    activeBundle: '',
    counter: 0,
    tokens: new Map(),
    transmissions: new Set(),
    clockOffset: 0,
    databaseDown: false,
    restarted: false,
  };
  if (seed.content === false) return state;
  seedObservations().forEach((record, index) =>
    state.observations.set(record.observation_id, {...record, version: seedObservationVersion(index)}),
  );
  for (const attachment of SEED_ATTACHMENTS) {
    state.attachments.set(attachment.id, {
      id: attachment.id,
      bytes: encoder.encode(attachment.text),
      contentType: attachment.contentType,
      version: attachment.version,
      deleted: attachment.deletedVersion !== undefined,
    });
    state.attachmentOperations.push({attachment_id: attachment.id, operation: 'create', version: attachment.version});
    if (attachment.deletedVersion !== undefined)
      state.attachmentOperations.push({attachment_id: attachment.id, operation: 'delete', version: attachment.deletedVersion});
  }
  state.attachmentOperations.sort((a, b) => a.version - b.version);
  state.counter = SEED_CURRENT_VERSION;
  state.bundles = SEED_BUNDLES.map(({version, files}) =>
    bundleOf(
      version,
      Object.entries(files).map(([path, text]) => ({path, bytes: encoder.encode(text)})),
      versionTime(version),
    ),
  );
  state.activeBundle = state.bundles[state.bundles.length - 1].version;
  return state;
}

/** The state and the operations on it that behaviours and tests share. */
export class Store {
  state: State;

  constructor(private readonly seed: Seed = {}) {
    this.state = seededState(seed);
  }

  /** Back to the seed: every change and token forgotten. */
  reset(): void {
    this.state = seededState(this.seed);
  }

  /** A copy that changes independently (the other dialect answers on one). */
  copy(): Store {
    const other = new Store(this.seed);
    other.state = structuredClone(this.state);
    return other;
  }

  /** The engine's clock, in milliseconds: real time, plus what `expireTokens` moved it on by. */
  now(): number {
    return Date.now() + this.state.clockOffset;
  }

  nextVersion(): number {
    return ++this.state.counter;
  }

  /** The user an access token (or, where `kinds` allows it, a refresh token) was issued to, while valid. */
  tokenUser(token: string, kinds: Token['kind'][] = ['access']): Token | undefined {
    const entry = this.state.tokens.get(token);
    if (!entry || !kinds.includes(entry.kind) || entry.expiresAt * 1000 <= this.now()) return undefined;
    return entry;
  }
}
