/**
 * The dialects the engine answers in: the API description itself, and each ODE release it knows, whose rules,
 * seed, texts, structs and routes are data in releases/<tag>/. A dialect is the steps a request goes through
 * (./pipeline) and the state it starts from; behaviours tell the release apart only by asking whether a rule
 * applies (`call.when(id)`).
 */
import {ODE_RELEASE} from '../../../site.constants';
import {DESCRIPTION_STEPS, RELEASE_STEPS, type Step} from './pipeline/steps';
import {RELEASE, type Release} from './releases';
import {descriptionSeed} from './seed';
import type {Seed, State} from './store';

export type DialectName = 'description' | typeof ODE_RELEASE;

export type Dialect = {
  name: DialectName;
  /** The release this dialect answers as; none for the description. */
  release?: Release;
  steps: readonly Step[];
  seed: (seed: Seed) => State;
};

/** The description's type of an app bundle file: `GET /app-bundle/download/{path}` documents `application/octet-stream`. */
export const descriptionFileType = (): string => 'application/octet-stream';

const DESCRIPTION: Dialect = {
  name: 'description',
  steps: DESCRIPTION_STEPS,
  seed: (seed) => descriptionSeed(seed, descriptionFileType),
};

const RELEASE_DIALECT: Dialect = {
  name: RELEASE.tag,
  release: RELEASE,
  steps: RELEASE_STEPS,
  seed: RELEASE.seed,
};

export const DIALECT_OF: Record<DialectName, Dialect> = {description: DESCRIPTION, [RELEASE.tag]: RELEASE_DIALECT};
export const DIALECTS: readonly DialectName[] = ['description', RELEASE.tag];
/** The dialect of the release the site documents: where the guides and the mock answer by default. */
export const DEFAULT_DIALECT: DialectName = RELEASE.tag;

/** What a dialect's seed holds, for the pages that state it: counted from the seed itself, never restated. */
export type SeedSummary = {
  observations: number;
  versions: [first: number, last: number];
  attachments: number;
  deletedAttachments: number;
  bundleVersions: string[];
  activeBundle: string;
};

const summaries = new Map<DialectName, SeedSummary>();

export function seedSummary(name: DialectName): SeedSummary {
  const known = summaries.get(name);
  if (known) return known;
  const state = DIALECT_OF[name].seed({});
  const versions = [...state.observations.values()].map((o) => o.version);
  const attachments = [...state.attachments.values()];
  const summary: SeedSummary = {
    observations: state.observations.size,
    versions: [Math.min(...versions), Math.max(...versions)],
    attachments: attachments.length,
    deletedAttachments: attachments.filter((a) => a.deleted).length,
    bundleVersions: state.bundles.map((b) => b.version),
    activeBundle: state.active.version,
  };
  summaries.set(name, summary);
  return summary;
}
