/**
 * The ODE releases the engine answers as: one folder each (releases/<tag>/, whose index exports its RELEASE),
 * with the rules, seed, texts, structs and routes of that release. The next release is a folder beside the
 * others and one line in RELEASES; nothing else in the engine names a release.
 */
import {ODE_RELEASE} from '../../../../site.constants';
import type {Release} from '../types';
import {RELEASE as V1_0_0_ALPHA_6} from './v1.0.0-alpha.6';

export const RELEASES = [V1_0_0_ALPHA_6] as const satisfies readonly Release[];

export type ReleaseTag = (typeof RELEASES)[number]['tag'];

/** The tag of the release the site documents (ODE_RELEASE in site.constants.ts): a compile error unless it is in RELEASES. */
const DOCUMENTED_TAG: ReleaseTag = ODE_RELEASE;

function documentedRelease(): Release<ReleaseTag> {
  const found = RELEASES.find((release) => release.tag === DOCUMENTED_TAG);
  if (!found) throw new Error(`${DOCUMENTED_TAG} is not in RELEASES`);
  return found;
}

/** The release the site documents: where the guides and the mock answer by default. */
export const DOCUMENTED_RELEASE = documentedRelease();
