/**
 * "Copy page as Markdown" and a link to the page's Markdown twin (src/plugins/markdown-twins), at the
 * foot of every docs page. Nothing is fetched until the button is pressed; the link is a plain link,
 * so it works without JavaScript. Offline, the twin comes from the reader's offline copy (the
 * service worker precaches every twin).
 */
import {type ReactNode, useState} from 'react';
import {markdownTwinPath} from './twinPath';
import styles from './styles.module.css';

type State = {state: 'idle'} | {state: 'copying'} | {state: 'copied'} | {state: 'failed'; reason: string};

async function fetchTwin(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return new Blob([await response.text()], {type: 'text/plain'});
}

/**
 * Writes the twin to the clipboard. The ClipboardItem is handed over at once, with the text still
 * on its way: Safari only lets a page write to the clipboard during the click itself.
 */
async function copyTwin(url: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([new ClipboardItem({'text/plain': fetchTwin(url)})]);
    return;
  }
  const text = await (await fetchTwin(url)).text();
  await navigator.clipboard.writeText(text);
}

function statusText(state: State): string {
  switch (state.state) {
    case 'idle':
      return '';
    case 'copying':
      return 'Copying…';
    case 'copied':
      return 'Copied the Markdown of this page.';
    case 'failed':
      return `Could not copy (${state.reason}); open the Markdown instead.`;
  }
}

export default function CopyPageMarkdown({permalink}: {permalink: string}): ReactNode {
  const [state, setState] = useState<State>({state: 'idle'});
  const twin = markdownTwinPath(permalink);
  const copy = () => {
    // Not `disabled` while copying: disabling the focused button would drop the keyboard focus.
    if (state.state === 'copying') return;
    setState({state: 'copying'});
    copyTwin(twin).then(
      () => setState({state: 'copied'}),
      (error: unknown) => setState({state: 'failed', reason: error instanceof Error ? error.message : String(error)}),
    );
  };
  return (
    <div className={styles.markdown}>
      <button type="button" className={styles.button} onClick={copy}>
        Copy page as Markdown
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a file, not a page: Link would route it inside the app */}
      <a href={twin} type="text/markdown">
        View as Markdown
      </a>
      <span role="status" aria-live="polite">
        {statusText(state)}
      </span>
    </div>
  );
}
