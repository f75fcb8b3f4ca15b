/**
 * The steps of each dialect, in order. Each reads and adds to the request's context and may answer; the
 * first that answers ends the request, and the operation's behaviour answers if none does.
 */
import type {Release, RequestContext, Step} from '../types';
import {bodyDescription, bodyRelease} from './body';
import {cors} from './cors';
import {parametersDescription, parametersRelease} from './parameters';
import {roleDescription, roleRelease} from './role';
import {routeDescription} from './route-description';
import {ownHandler, routeRelease} from './route-release';
import {readTarget, redirectSlashes} from './target';
import {tokenDescription, tokenRelease} from './token';

/** A step of a release's dialect: handed the release it answers as (../dialects.ts releaseDialect). */
export type ReleaseStep = (ctx: RequestContext, release: Release) => ReturnType<Step>;

/** The description: route by its paths, then parameters, token, role and body as it states them. */
export const DESCRIPTION_STEPS: readonly Step[] = [
  routeDescription,
  parametersDescription,
  tokenDescription,
  roleDescription,
  bodyDescription,
];

/** A release: Go's server and chi's middleware, the release's router, its token check and roles, Go's decoding. */
export const RELEASE_STEPS: readonly ReleaseStep[] = [
  readTarget,
  redirectSlashes,
  cors,
  routeRelease,
  tokenRelease,
  roleRelease,
  ownHandler,
  parametersRelease,
  bodyRelease,
];
