/**
 * How an answer names the release rules that shaped it: each rule is an entry of the Known issues (its id the
 * entry's anchor), so its title and address come from the entries read from the pages (src/known-issues).
 */
import {knownIssueHref, type KnownIssue} from '../../known-issues';
import type {RuleId} from './rule-ids';

export type {RuleId} from './rule-ids';
export type RuleInfo = {id: RuleId; title: string; href: string};

export const ruleInfoOf =
  (entries: readonly KnownIssue[]) =>
  (id: RuleId): RuleInfo => ({
    id,
    title: entries.find((entry) => entry.id === id)?.title ?? id,
    href: knownIssueHref(entries, id),
  });
