/**
 * The ODE releases the engine answers as: one folder each (releases/<tag>/, whose index exports its RELEASE),
 * with the rules, seed, texts, structs and routes of that release. The next release is a folder beside the
 * others and one line in RELEASES; nothing else in the engine names a release.
 */
import type {Release} from '../types';
import {RELEASE as V1_0_0_ALPHA_6} from './v1.0.0-alpha.6';

export const RELEASES = [V1_0_0_ALPHA_6] as const satisfies readonly Release[];

export type ReleaseTag = (typeof RELEASES)[number]['tag'];

/**
 * The release the site documents: where the guides and the mock answer by default. The engine is a package of
 * its own and imports nothing of the site; the site's release-pinning test holds this to its ODE_RELEASE.
 */
export const DOCUMENTED_RELEASE: Release<ReleaseTag> = V1_0_0_ALPHA_6;
