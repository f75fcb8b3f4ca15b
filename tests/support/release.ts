/**
 * The release the tests answer as and speak of: the engine's documented release (ODE_RELEASE in
 * site.constants.ts, which must be in the engine's RELEASES). Tests name it through this constant, so that the
 * next release changes one line of site.constants.ts, not every test; recorded data keeps the tag it was
 * recorded at.
 */
import {DOCUMENTED_RELEASE} from 'synkronus-mock/src/releases';

export const RELEASE_TAG = DOCUMENTED_RELEASE.tag;
