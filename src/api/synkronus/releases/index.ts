/**
 * The ODE releases the engine answers as: one folder each, with the rules, seed, texts, structs and routes of
 * that release. The site documents one release (ODE_RELEASE in site.constants.ts), so there is one here; the
 * next is a folder beside it.
 */
export {RELEASE, type Release} from './v1.0.0-alpha.6';
export {RULES, type RuleId} from './v1.0.0-alpha.6/rules';
export type {ReleaseHandler} from './v1.0.0-alpha.6/routes';
export type {ReleaseText, TextName} from './v1.0.0-alpha.6/texts';
