/**
 * The dialects the engine answers in: the API description itself, and each ODE release it knows (RELEASES,
 * one folder each in releases/). A dialect is one value: its kind, its steps (./pipeline/steps.ts), the state
 * it starts from and, for a release, the release's data. Behaviours tell a release from the description by
 * the kind, and ask whether a rule applies (`call.when(id)`) only for a small deviation of the release.
 */
import {DESCRIPTION_STEPS, RELEASE_STEPS} from './pipeline/steps';
import {DOCUMENTED_RELEASE, RELEASES, type ReleaseTag} from './releases';
import {descriptionFileType, descriptionSeed} from './seed';
import type {Dialect, Release, ReleaseDialect} from './types';

export type {ReleaseTag} from './releases';
export type DialectName = 'description' | ReleaseTag;

const DESCRIPTION: Dialect = {
  kind: 'description',
  name: 'description',
  steps: DESCRIPTION_STEPS,
  seed: (seed) => descriptionSeed(seed, descriptionFileType),
};

/** The dialect of `release`: the release's steps, each handed the release, and its seed. */
export function releaseDialect(release: Release): ReleaseDialect {
  return {
    kind: 'release',
    name: release.tag,
    release,
    steps: RELEASE_STEPS.map((step) => (ctx) => step(ctx, release)),
    seed: release.seed,
  };
}

/** The dialect of each name: the description and every release of RELEASES. */
export const DIALECT_OF: Readonly<Record<DialectName, Dialect>> = Object.fromEntries([
  ['description', DESCRIPTION],
  ...RELEASES.map((release) => [release.tag, releaseDialect(release)]),
]) as Record<DialectName, Dialect>;
export const DIALECTS: readonly DialectName[] = ['description', ...RELEASES.map((release) => release.tag)];
/** The dialect of the release the site documents: where the guides and the mock answer by default. */
export const DEFAULT_DIALECT: DialectName = DOCUMENTED_RELEASE.tag;

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
