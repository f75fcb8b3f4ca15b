/**
 * Makes a new announcement bar show on the first page load after its id changes.
 *
 * The classic theme hides the bar before React starts when the reader once closed a bar (an inline
 * script reads the stored dismissal), and only afterwards notices that the stored id is an old one: the
 * dismissal is then cleared in storage, but the bar stays hidden until the next full page load. This
 * inline script compares the stored id first and, for a new id, clears the dismissal and un-hides the bar.
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
