import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Html as HtmlText} from '@site/src/api/model/page';
import styles from './styles.module.css';

/**
 * HTML rendered from the description's CommonMark at build time (src/api/model/markdown.ts,
 * which escapes any raw HTML of the description). The same string on the server and in the browser, so
 * it hydrates as it is.
 */
export default function Html({html, className}: {html: HtmlText | undefined; className?: string}): ReactNode {
  if (!html) return null;
  return <div className={clsx(styles.prose, className)} dangerouslySetInnerHTML={{__html: html}} />;
}

/**
 * The inline content of HTML that is a single paragraph without links ("<p>Logged in.</p>" → "Logged in."),
 * which can sit in a `<summary>`; undefined for anything else.
 */
export function singleParagraph(html: HtmlText | undefined): HtmlText | undefined {
  const inner = /^<p>([\s\S]*)<\/p>$/.exec(html ?? '')?.[1];
  return inner !== undefined && !/<\/?(p|a|div|ul|ol|table|pre)\b/.test(inner) ? inner : undefined;
}
