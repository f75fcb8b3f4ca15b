// Wraps NavbarItem so that an item that fails to render names its type and label in the error, also in the build's output.
import {isValidElement, type ReactNode} from 'react';
import OriginalNavbarItem from '@theme-original/NavbarItem';
import type NavbarItemType from '@theme/NavbarItem';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof NavbarItemType>;

// The @theme-original modules are typed `any`; this one is the theme's NavbarItem.
const NavbarItem = OriginalNavbarItem as typeof NavbarItemType;

/** The item as the configuration gives it (themeConfig.navbar.items): its type and its label. */
export function describeNavbarItem(item: {type?: string; label?: unknown; items?: unknown}): string {
  const type = item.type ?? (item.items ? 'dropdown' : 'default');
  return `type "${type}", ${typeof item.label === 'string' ? `label "${item.label}"` : 'no label'}`;
}

/**
 * The theme's Navbar/Content puts each item in an error boundary whose message names the item, but the
 * static build renders with React's server renderer, which has no error boundaries: a failing item fails
 * the build with its inner message alone. So the item's component is called here, inside a `try`, and an
 * error it throws is rethrown naming the item, with the original as its `cause`. (The component is the
 * same for the life of an item, its type being fixed, so its hooks keep their order.)
 */
export default function NavbarItemWrapper(props: Props): ReactNode {
  try {
    const element = NavbarItem(props);
    if (!isValidElement(element)) return element;
    const Item = element.type;
    if (typeof Item === 'function' && !(Item.prototype as {isReactComponent?: unknown} | undefined)?.isReactComponent) {
      return (Item as (itemProps: unknown) => ReactNode)(element.props);
    }
    return element;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Navbar item (${describeNavbarItem(props)}) failed to render: ${message}`, {cause: error});
  }
}
