/**
 * Makes a new announcement bar show on the first page load after its id changes.
 *
 * Patch: announcement-bar-new-id
 * Library: @docusaurus/theme-classic 3.10.2 and @docusaurus/theme-common 3.10.2
 * Changes: an inline script, run before the theme's own, that reads theme-common's private storage keys
 *   (`docusaurus.announcement.id<namespace>`, `docusaurus.announcement.dismiss<namespace>`): when the stored
 *   id is not the configured one, it clears the stored dismissal and sets
 *   `data-announcement-bar-initially-dismissed="false"` on <html>.
 * Why: an upstream bug (report text in PATCHES.md). theme-classic's inline script hides the bar before React
 *   starts whenever the reader once closed a bar, whatever its id; theme-common then sees the new id and
 *   clears the dismissal in storage, but nothing removes the attribute, so the CSS keeps the new bar hidden
 *   until the next full page load.
 * Saves: a changed announcement is seen on the first load, not the second (tests/e2e/shell.spec.ts).
 * Remove when: Docusaurus fixes the bug (the theme's inline script compares the id, or the provider
 *   clears the attribute). tests/unit/patches.spec.ts fails, naming this patch, when the keys change or
 *   the theme's inline script starts reading the id.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function announcementBarIdPlugin(context: LoadContext): Plugin | null {
  const {announcementBar} = context.siteConfig.themeConfig as {announcementBar?: {id: string}};
  if (!announcementBar) return null;
  // The same keys as @docusaurus/theme-common's announcement bar storage, with the site's namespace.
  const {namespace} = context.siteStorage;
  const idKey = JSON.stringify(`docusaurus.announcement.id${namespace}`);
  const dismissKey = JSON.stringify(`docusaurus.announcement.dismiss${namespace}`);
  const id = JSON.stringify(announcementBar.id);
  return {
    name: 'announcement-bar-id',
    injectHtmlTags() {
      return {
        preBodyTags: [
          {
            tagName: 'script',
            innerHTML: `(function(){try{if(localStorage.getItem(${idKey})!==${id}){localStorage.setItem(${dismissKey},'false');document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false');}}catch(e){}})();`,
          },
        ],
      };
    },
  };
}
