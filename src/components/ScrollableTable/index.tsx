import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import styles from './styles.module.css';

const isCaption = (child: ReactNode): child is ReactElement<ComponentProps<'caption'>> =>
  isValidElement(child) && child.type === 'caption';

/**
 * A table in a box that scrolls sideways when the table is wider than the page (phones). The box is
 * focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable). A table with a caption
 * (RoleMatrix, ErrorCatalogue, …) makes its box a region named by that caption, so that a screen reader says
 * what the focused box holds.
 */
export default function ScrollableTable({children, ...props}: ComponentProps<'table'>): ReactNode {
  const captionId = useId();
  const captioned = Children.toArray(children).some(isCaption);
  const content = captioned
    ? Children.map(children, (child) => (isCaption(child) ? cloneElement(child, {id: captionId}) : child))
    : children;
  return (
    <div className={styles.scroll} tabIndex={0} {...(captioned ? {role: 'region', 'aria-labelledby': captionId} : {})}>
      <table {...props}>{content}</table>
    </div>
  );
}
