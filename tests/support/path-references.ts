/**
 * Finds the repository paths that comments and the maintainers' Markdown (README, CONTRIBUTING, PATCHES) name,
 * for tests/unit/path-references.spec.ts. A path is named when a comment (or the Markdown's text) holds
 * `src/plugins/api` or `tests/support/limits.ts`, or a path relative to the file (starting with a dot and a
 * slash, or two dots), or a Markdown link points at it. To keep false alarms rare, a word counts as a path
 * only when:
 * - it is relative to the file's folder (in Markdown: a link's target only), or starts with `@site` and a
 *   slash (from the repository's root);
 * - or its first name is an entry of the repository's root (`src`, `PATCHES.md`…) or of the file's own
 *   folder (`support/…` in tests/README.md), and it has a slash or is such an entry itself;
 * and it is neither an address (`https://…`, `/docs/ODE`), nor a pattern (`<Name>`, `{a,b}`, `*`, `$VAR`),
 * nor under a folder the build or the tools write (.gitignore: `build/`, `node_modules/`…), nor in a
 * quotation of the Markdown.
 * A path names what exists when it is a file or folder of the repository, or of ODE's repository at the
 * documented release (tests/fixtures/ode-tree), whose files the comments also name.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export type PathReference = {file: string; line: number; named: string};

/** The repository's files (tracked, and new ones not ignored), relative to its root, with `/`. */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(REPO_ROOT, file)));
}

/** Every file and folder of `files` (`a/b/c.ts` gives `a`, `a/b` and `a/b/c.ts`). */
export function entriesOf(files: Iterable<string>): Set<string> {
  const entries = new Set<string>();
  for (const file of files) {
    const names = file.split('/');
    for (let i = 1; i <= names.length; i++) entries.add(names.slice(0, i).join('/'));
  }
  return entries;
}

/** Top-level names that the build and the tools write (the simple entries of .gitignore). */
export function generatedRoots(): Set<string> {
  return new Set(
    fs
      .readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
      .filter((line) => /^[\w.-]+$/.test(line)),
  );
}

type Comment = {text: string; line: number};

/** The comments of a TypeScript or JavaScript file, with the line each starts on (strings are not comments). */
function scriptComments(file: string, text: string): Comment[] {
  const kind = /\.(c|m)?js$/.test(file) ? ts.ScriptKind.JS : /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const {line} = source.getLineAndCharacterOfPosition(range.pos);
      comments.push({text: text.slice(range.pos, range.end), line: line + 1});
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return comments;
}

/** Lines of `text` as comments, each with its line number, the part `marker` starts (`#` comments). */
function lineComments(text: string, marker: RegExp): Comment[] {
  return text.split('\n').flatMap((line, i) => {
    const match = marker.exec(line);
    return match ? [{text: line.slice(match.index), line: i + 1}] : [];
  });
}

/** `/* … *\/` comments of a stylesheet. */
function blockComments(text: string): Comment[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
    text: match[0],
    line: text.slice(0, match.index).split('\n').length,
  }));
}

const SCRIPT = /\.(ts|tsx|js|cjs|mjs)$/;
/** The Markdown files written for maintainers, anywhere in the repository. */
export const MAINTAINERS_MARKDOWN = /(^|\/)(README|CONTRIBUTING|PATCHES)\.md$/;
/** Configuration and scripts whose comments start with `#`. */
const HASH_COMMENTED = /(\.(sh|conf|ya?ml|toml)|(^|\/)Dockerfile|^\.ci\/run|(^|\/)\.(gitignore|prettierignore))$/;

/**
 * The parts of `file` that may name paths: its comments, or the whole text of the maintainers' Markdown;
 * undefined for a file this check does not read.
 */
export function commentsOf(file: string, text: string): Comment[] | undefined {
  if (MAINTAINERS_MARKDOWN.test(file)) return text.split('\n').map((line, i) => ({text: line, line: i + 1}));
  if (SCRIPT.test(file)) return scriptComments(file, text);
  if (file.endsWith('.css')) return blockComments(text);
  if (HASH_COMMENTED.test(file)) return lineComments(text, /(^|\s)#/);
  return undefined;
}

/**
 * A word that may be a path: names of letters, digits, `_.@-`, joined by slashes, not inside a longer word
 * nor followed by a pattern's characters (`api-*.spec.ts`, `<Name>/`, `{a,b}`).
 */
const PATH_WORD = /(?<![\w./@~:$<>{}*-])(?:\.{1,2}\/|@site\/)?[\w@-][\w.@-]*(?:\/[\w.@-]+)*\/?(?![\w.@/<>{}*$-])/g;
/** Inline code in Markdown, where a link is an example, not a link. */
const CODE_SPAN = /`[^`\n]*`/g;
/** A Markdown link's target. */
const LINK_TARGET = /\]\(([^)\s]+)\)/g;
/** Addresses, removed before looking for paths (a path inside one is the address's, not the repository's). */
const ADDRESS = /\b[a-z][\w+.-]*:\/\/\S*|\bpathname:\/\/\/\S*/gi;

type Scope = {file: string; folderEntries: Set<string>; rootEntries: Set<string>};

/** A path named in a piece of text, as written there, and where it starts in the text. */
export type Named = {path: string; at: number};

/** `text` with every match of `pattern` blanked out, keeping the offsets of everything else. */
const blanked = (text: string, pattern: RegExp) => text.replace(pattern, (match) => ' '.repeat(match.length));

/** The paths a piece of text (a comment, a line of Markdown) names. */
export function namedPaths(text: string, {file, folderEntries, rootEntries}: Scope): Named[] {
  const named: Named[] = [];
  const isMarkdown = MAINTAINERS_MARKDOWN.test(file);
  // A quotation (an upstream report in PATCHES.md) names the paths of another site.
  if (isMarkdown && /^\s*>/.test(text)) return [];
  let rest = text;
  if (isMarkdown) {
    for (const match of blanked(text, CODE_SPAN).matchAll(LINK_TARGET)) {
      const target = match[1];
      if (/^([a-z][\w+.-]*:|\/|#)/i.test(target)) continue;
      named.push({path: target.startsWith('.') ? target : `./${target}`, at: match.index + 2});
    }
    rest = blanked(text, LINK_TARGET);
  }
  for (const match of blanked(rest, ADDRESS).matchAll(PATH_WORD)) {
    const word = match[0].replace(/[.]+$/, '');
    if (/^\.{1,2}\/|^@site\//.test(word)) {
      // In Markdown, relative paths are taken from links only: in its text and code they are examples
      // (of a link to a page beside another) or relative to another folder (an import in a code sample).
      if (!isMarkdown || word.startsWith('@site/')) named.push({path: word, at: match.index});
      continue;
    }
    const first = word.split('/')[0];
    const isEntry = rootEntries.has(first) || folderEntries.has(first);
    if (isEntry && (word.includes('/') || /\.\w+$/.test(word))) named.push({path: word, at: match.index});
  }
  return named.map(({path: named, at}) => ({path: named.replace(/#.*$/, ''), at}));
}

const countLines = (text: string) => text.split('\n').length - 1;

/** A module named as an import names it, without its extension (as in a JSDoc type's `import()`). */
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'];

export type Check = {references: PathReference[]; missing: PathReference[]; files: number};

/** What a check reads and knows: the files to read, and every file and folder of the repository. */
export type CheckScope = {
  read: string[];
  /** The repository's files and folders (`entriesOf`), relative to its root. */
  repository: Set<string>;
  /** Whether a path, relative to the repository's root, names something that exists. */
  exists: (repoPath: string) => boolean;
  /** Top-level folders of the build's and tools' outputs, whose paths are not checked. */
  generated: Set<string>;
  /** The text of a file read (by default, from the disk). */
  textOf?: (file: string) => string;
};

const fromDisk = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Every path named in the comments and maintainers' Markdown of the files read, and those that name nothing. */
export function checkPathReferences({
  read: files,
  repository,
  exists,
  generated,
  textOf = fromDisk,
}: CheckScope): Check {
  const rootEntries = new Set([...repository].filter((entry) => !entry.includes('/')));
  const references: PathReference[] = [];
  const missing: PathReference[] = [];
  let read = 0;
  for (const file of files) {
    const comments = commentsOf(file, textOf(file));
    if (!comments) continue;
    read++;
    const folder = path.posix.dirname(file);
    const folderEntries = new Set(
      [...repository]
        .filter((entry) => path.posix.dirname(entry) === folder)
        .map((entry) => path.posix.basename(entry)),
    );
    for (const comment of comments) {
      for (const {path: named, at} of namedPaths(comment.text, {file, folderEntries, rootEntries})) {
        const candidates = named.startsWith('@site/')
          ? [named.slice('@site/'.length)]
          : /^\.{1,2}\//.test(named)
            ? [path.posix.join(folder, named)]
            : [named, path.posix.join(folder, named)];
        const normalised = candidates.map((candidate) => path.posix.normalize(candidate).replace(/\/$/, ''));
        if (normalised.some((candidate) => generated.has(candidate.split('/')[0]) || candidate.startsWith('..')))
          continue;
        const reference = {file, line: comment.line + countLines(comment.text.slice(0, at)), named};
        references.push(reference);
        if (!normalised.some((candidate) => MODULE_SUFFIXES.some((suffix) => exists(candidate + suffix))))
          missing.push(reference);
      }
    }
  }
  return {references, missing, files: read};
}
