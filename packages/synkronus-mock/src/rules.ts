/**
 * How an answer names the release rules that shaped it: each rule is an entry of the site's Known issues (its
 * id the entry's anchor), so its title and address come from the entries the engine is made with (EngineData).
 */
import type {RuleId} from './rule-ids';

export type {RuleId} from './rule-ids';
export type RuleInfo = {id: RuleId; title: string; href: string};

/** A Known issues entry as the engine names a rule by it: the site reads them from its pages. */
export type KnownIssueEntry = {id: string; title: string; href: string};

export const ruleInfoOf =
  (entries: readonly KnownIssueEntry[]) =>
  (id: RuleId): RuleInfo => {
    const entry = entries.find((e) => e.id === id);
    // A rule is an entry: one without its entry would link nowhere, so the engine refuses to start.
    if (!entry) throw new Error(`No Known issues entry #${id} among the entries the engine was made with`);
    return {id, title: entry.title, href: entry.href};
  };
