import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A table in a box that scrolls sideways when the table is wider than the page (phones). The box is
 * focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <div className={styles.scroll} tabIndex={0}>
      <table {...props} />
    </div>
  );
}
