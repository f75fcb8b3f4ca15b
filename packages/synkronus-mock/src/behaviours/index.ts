/** The behaviour of every operation, by operationId, grouped by the description's tags. */
import type {Behaviours} from '../types';
import {appBundleBehaviours} from './app-bundle';
import {attachmentBehaviours} from './attachments';
import {authBehaviours} from './auth';
import {exportBehaviours} from './export';
import {syncPull} from './sync-pull';
import {syncPush} from './sync-push';
import {systemBehaviours} from './system';
import {userBehaviours} from './users';

// `satisfies` makes a missing, extra or misspelt operationId a compile error.
export const BEHAVIOURS = {
  ...systemBehaviours,
  ...authBehaviours,
  ...userBehaviours,
  syncPull,
  syncPush,
  ...attachmentBehaviours,
  ...appBundleBehaviours,
  ...exportBehaviours,
} satisfies Behaviours;
