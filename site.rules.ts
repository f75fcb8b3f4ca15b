/**
 * The site's rules that Docusaurus' defaults do not follow, applied to a finished configuration before
 * Docusaurus validates it: by docusaurus.config.ts, and by the fixture builds (tests/fixtures) after they
 * change it, as they would apply to an edit of the configuration itself.
 */
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

type NavbarItem = NonNullable<NonNullable<Preset.ThemeConfig['navbar']>['items']>[number];

/**
 * Navbar items sit on the right unless marked left. Docusaurus' config validation puts an item without
 * `position` on the left, so the site gives it its position first.
 */
function rightUnlessMarked(items: NavbarItem[]): NavbarItem[] {
  return items.map((item) => (item.position ? item : {...item, position: 'right'}));
}

export function withSiteRules(siteConfig: Config): Config {
  const themeConfig: Preset.ThemeConfig | undefined = siteConfig.themeConfig;
  const items = themeConfig?.navbar?.items;
  if (!items) return siteConfig;
  return {
    ...siteConfig,
    themeConfig: {...themeConfig, navbar: {...themeConfig.navbar, items: rightUnlessMarked(items)}},
  };
}
