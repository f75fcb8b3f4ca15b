/**
 * The Known issues as their pages have them (src/known-issues/read.ts, the reader the build uses): the overview
 * (docs/documentation/synkronus/known-issues.md) and one page per area in docs/documentation/synkronus/known-issues/.
 */
import {CLIENT_AREAS, KNOWN_ISSUES_DIR, KNOWN_ISSUES_PATH} from '../../src/known-issues';
import {readKnownIssues, type KnownIssueWithLine} from '../../src/known-issues/read';
import {listFiles, ROOT} from './content';

export const OVERVIEW_FILE = 'docs/documentation/synkronus/known-issues.md';
/** The overview's route, as the site serves it. */
export const OVERVIEW_PATH = KNOWN_ISSUES_PATH;
export const AREA_DIR = KNOWN_ISSUES_DIR;

export type KnownIssueEntry = KnownIssueWithLine;

/** The area pages' files, in name order. */
export const areaFiles = (): string[] => listFiles(AREA_DIR, /\.mdx?$/);

/** Every entry of every area page. */
export const knownIssueEntries = (): KnownIssueEntry[] => readKnownIssues(ROOT);

/** The entries about the server (not about its clients, synk and Formulus): each is a release rule. */
export const serverEntries = (): KnownIssueEntry[] => knownIssueEntries().filter((e) => !CLIENT_AREAS.includes(e.area));
