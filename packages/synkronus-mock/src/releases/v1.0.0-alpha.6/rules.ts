/**
 * The rules that apply to this release: every rule the engine knows (../../rule-ids.ts), since the Known issues
 * pages document this release. packages/synkronus-mock/tests/synkronus-dialects.spec.ts holds the list and the pages' server
 * entries to one set, and sends each entry's request to both dialects.
 */
import {RULE_IDS, type RuleId} from '../../rule-ids';

export const RULES: readonly RuleId[] = RULE_IDS;

/** The rule that names an error of an operation where the description lists none for its status. */
export const UNDOCUMENTED_ERRORS: Partial<Record<string, RuleId>> = {
  syncPull: 'sync-errors-not-documented',
  syncPush: 'sync-errors-not-documented',
};
