// Wraps Markdown tables in a keyboard-focusable scroll box (ScrollableTable): wide tables scroll sideways on phones.
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {...MDXComponents, table: ScrollableTable};
