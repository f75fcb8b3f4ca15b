// Wraps Markdown tables in a keyboard-focusable scroll box: wide tables scroll sideways on phones,
// and a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function ScrollableTable(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export default {...MDXComponents, table: ScrollableTable};
