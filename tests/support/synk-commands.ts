/**
 * Finds `synk …` command lines in shell text and checks them against the command table of the repository,
 * data/synk-commands.json (the same file the CLI page renders).
 */
import {readRepoFile, type Line} from './content';
import type {SynkCommand, SynkCommandData, SynkFlag} from '../../src/components/SynkCommandTable/types';

export function loadCommandData(): SynkCommandData {
  return JSON.parse(readRepoFile('data/synk-commands.json')) as SynkCommandData;
}

type Token = {word: string} | {op: string};

/** A shell-like split: quotes group words, `#` starts a comment, operators are separate tokens. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  let inWord = false;
  const flush = () => {
    if (inWord) tokens.push({word});
    word = '';
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      const stop = end === -1 ? line.length : end;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop;
    } else if (/\s/.test(c)) {
      flush();
    } else if (c === '#' && !inWord) {
      break;
    } else if (c === '<' && /^<[^<>\s()]+>/.test(line.slice(i))) {
      // A placeholder such as <file.zip> or <bash|zsh|fish|powershell>: part of a word.
      const end = line.indexOf('>', i);
      word += line.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if (c === '$' && line[i + 1] === '(') {
      flush();
      tokens.push({op: '$('});
      i++;
    } else if ('|&;<>()'.includes(c)) {
      flush();
      const two = line.slice(i, i + 2);
      if (['&&', '||', '>>', '<('].includes(two)) {
        tokens.push({op: two});
        i++;
      } else {
        tokens.push({op: c});
      }
    } else {
      word += c;
      inWord = true;
    }
  }
  flush();
  return tokens;
}

const COMMAND_PREFIXES = new Set(['$', 'sudo', 'exec', 'time']);

/** The argument words of every `synk` invocation in one shell line. */
export function synkInvocations(line: string): string[][] {
  const tokens = tokenize(line);
  const found: string[][] = [];
  let atCommandStart = true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if ('op' in t) {
      const redirect = ['>', '>>', '<'].includes(t.op);
      if (redirect) i++; // skip the redirect target
      atCommandStart = !redirect;
      continue;
    }
    if (atCommandStart && t.word === 'synk') {
      const words: string[] = [];
      for (i = i + 1; i < tokens.length; i++) {
        const next = tokens[i];
        if ('op' in next) {
          i--;
          break;
        }
        words.push(next.word);
      }
      found.push(words);
      atCommandStart = false;
      continue;
    }
    atCommandStart = COMMAND_PREFIXES.has(t.word);
  }
  return found;
}

/** Lines of a code block with backslash continuations joined, each keeping the number of its first line. */
export function joinContinuations(lines: Line[]): Line[] {
  const out: Line[] = [];
  let pending: Line | null = null;
  for (const l of lines) {
    const current: Line = pending ? {text: pending.text + ' ' + l.text.trim(), line: pending.line} : {...l};
    if (/\\\s*$/.test(current.text)) {
      pending = {text: current.text.replace(/\\\s*$/, ''), line: current.line};
    } else {
      out.push(current);
      pending = null;
    }
  }
  if (pending) out.push(pending);
  return out;
}

function isPlaceholder(word: string): boolean {
  return /^<.*>$/.test(word) || /^\[.*\]$/.test(word) || word.includes('$') || word === '…' || word === '...';
}

function findFlag(flags: SynkFlag[], name: string): SynkFlag | undefined {
  return flags.find((f) => f.long === name || f.short === name);
}

/**
 * Checks one invocation (the words after `synk`). Returns the problems found, as sentences naming the
 * command and the unknown command, flag or argument; an empty list means the command is valid.
 */
export function checkInvocation(words: string[], data: SynkCommandData): string[] {
  const problems: string[] = [];
  const commands = new Map(data.commands.map((c) => [c.command, c]));
  const groups = new Set(data.groups.map((g) => g.name));

  // Resolve the command path, skipping global flags (and their values) placed before it.
  let path = '';
  let index = 0;
  for (; index < words.length; index++) {
    const w = words[index];
    if (w.startsWith('-') && w.length > 1) {
      const flag = findFlag(data.globalFlags, w.split('=')[0]);
      if (!flag) break;
      if (flag.value && !w.includes('=')) index++;
      continue;
    }
    const candidate = path ? `${path} ${w}` : w;
    if (commands.has(candidate) || (!path && groups.has(candidate))) {
      path = candidate;
      continue;
    }
    if (path && groups.has(path)) {
      problems.push(`unknown command "synk ${candidate}"`);
      return problems;
    }
    if (!path) {
      problems.push(`unknown command "synk ${w}"`);
      return problems;
    }
    break;
  }

  const command: SynkCommand | undefined = commands.get(path);
  const allowed = [...(command?.flags ?? []), ...data.globalFlags];
  const args: string[] = [];
  for (let i = index; i < words.length; i++) {
    const w = words[i];
    if (w.startsWith('-') && w.length > 1 && !isPlaceholder(w)) {
      const [name] = w.split('=');
      const flag = findFlag(allowed, name);
      if (!flag) {
        problems.push(`unknown flag "${name}" for "synk${path ? ' ' + path : ''}"`);
        continue;
      }
      if (flag.value && !w.includes('=')) i++;
      continue;
    }
    args.push(w);
  }

  if (!command) {
    // The bare root command or a command group: no positional arguments.
    if (args.length > 0) problems.push(`unknown command "synk ${[path, ...args].filter(Boolean).join(' ')}"`);
    return problems;
  }
  if (command.command === 'help') return problems;
  if (args.length > command.maxArgs) {
    problems.push(
      `"synk ${path}" takes at most ${command.maxArgs} argument(s) (${command.args || 'none'}), got ${args.length}: ${args.join(' ')}`,
    );
  }
  if (command.argChoices) {
    for (const a of args) {
      if (!isPlaceholder(a) && !command.argChoices.includes(a)) {
        problems.push(`"synk ${path}" does not accept "${a}"; it takes one of ${command.argChoices.join(', ')}`);
      }
    }
  }
  return problems;
}
