/**
 * How the reference at /api groups the calls: the site's own sections, by the first segment of each path.
 * ODE's description tags only two of its calls (Health, DataExport) and declares no tags, so the grouping is
 * the site's, like its introduction; each call still shows the tags the description gives it. A section's
 * name makes its anchor (`#tag/<Name>`), as the description's tags did before, so links to them keep
 * working. A path under no section listed here is grouped under "Other operations".
 */
export type ApiSection = {
  /** The first segment of the paths it holds, with its slash: "/app-bundle". */
  prefix: string;
  name: string;
  /** The site's one-line summary of the section, in CommonMark. */
  description: string;
};

export const API_SECTIONS: readonly ApiSection[] = [
  {prefix: '/health', name: 'Health', description: 'Whether the server is up.'},
  {prefix: '/version', name: 'Version', description: 'Versions of the server, its database, its system and its build.'},
  {
    prefix: '/app-bundle',
    name: 'App bundle',
    description: 'The custom app and forms that devices download, in versions.',
  },
  {prefix: '/auth', name: 'Authentication', description: 'Log in and refresh tokens.'},
  {prefix: '/users', name: 'Users', description: 'User accounts and passwords.'},
  {prefix: '/sync', name: 'Sync', description: 'Pull and push observations.'},
  {prefix: '/attachments', name: 'Attachments', description: 'Binary files attached to observations.'},
  {prefix: '/dataexport', name: 'Data export', description: 'Export of all observations.'},
];

/** The section of a path, if one is listed. */
export const sectionOf = (path: string) =>
  API_SECTIONS.find((section) => path === section.prefix || path.startsWith(`${section.prefix}/`));
