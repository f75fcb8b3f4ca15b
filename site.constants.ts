/**
 * Public addresses and names of the ODE project (from shared/facts/README.md).
 * The config, the pages and the tests read them from here, so each lives in one place.
 */
export const SITE_URL = 'https://docs.opendataensemble.org';
export const MONOREPO_URL = 'https://github.com/OpenDataEnsemble/ode';
export const DOCS_REPO_URL = 'https://github.com/OpenDataEnsemble/docs';
export const STACK_OVERFLOW_TAG_URL = 'https://stackoverflow.com/questions/tagged/opendataensemble';
export const DISCORD_URL = 'https://discord.gg/B6FautU5';
export const FORUM_URL = 'https://forum.opendataensemble.org';
export const CONTACT_EMAIL = 'hello@opendataensemble.org';
export const SYNKRONUS_IMAGE = 'ghcr.io/opendataensemble/synkronus';

/** The site's icon, under static/: the config names it, and the browser fetches it on its own schedule. */
export const FAVICON_FILE = 'img/favicon.svg';

/** The API description, the single source of truth for everything the site says about the API. */
export const API_SPEC_FILE = 'api/synkronus.yaml';
export const API_ROUTE = '/api';
/** Where the build serves a copy of the description for download. */
export const API_DOWNLOAD_PATH = '/api/synkronus.yaml';

/** Announcement bar: change the id whenever the content changes, so readers who closed the old one see the new one. */
export const ANNOUNCEMENT_ID = 'formulus-android-prerelease-2025';

/**
 * The ODE release these docs describe and were verified against: its server speaks API 1.0.3, the version of
 * api/synkronus.yaml. Images, downloads and source links name this tag, never `latest`.
 */
export const ODE_RELEASE = 'v1.0.0-alpha.6';
/** The API version of the description and of the server at ODE_RELEASE. */
export const ODE_API_VERSION = '1.0.3';
