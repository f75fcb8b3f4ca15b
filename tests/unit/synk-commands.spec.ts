/**
 * Every `synk` command shown on a page (docs/ and src/pages, in shell code blocks and inline code) must exist,
 * with its flags and a valid number of arguments, in data/synk-commands.json.
 */
import {test, expect} from '@playwright/test';
import {inlineCode, jsxCode, pageFiles, readRepoFile, splitMarkdown, type Line} from '../support/content';
import {checkInvocation, joinContinuations, loadCommandData, synkInvocations} from '../support/synk-commands';

const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'console', 'zsh', 'fish', 'powershell', 'ps1']);

type Shown = {file: string; line: number; words: string[]};

/** Every synk invocation shown on the site's pages. */
function shownCommands(): Shown[] {
  const shown: Shown[] = [];
  for (const file of pageFiles()) {
    const text = readRepoFile(file);
    const snippets: Line[] = [];
    if (file.endsWith('.tsx')) {
      snippets.push(...jsxCode(text));
    } else {
      const {codeBlocks, proseLines} = splitMarkdown(text);
      for (const block of codeBlocks) {
        if (SHELL_LANGUAGES.has(block.lang)) snippets.push(...joinContinuations(block.lines));
      }
      snippets.push(...inlineCode(proseLines));
    }
    for (const {text: snippet, line} of snippets) {
      for (const words of synkInvocations(snippet)) shown.push({file, line, words});
    }
  }
  return shown;
}

test('every synk command shown on a page exists in data/synk-commands.json with its flags', () => {
  const data = loadCommandData();
  const shown = shownCommands();
  // The pages show synk in many places; finding only a few would mean the extraction is broken.
  expect(shown.length, 'number of synk commands found on the pages').toBeGreaterThan(40);
  const problems = shown.flatMap(({file, line, words}) =>
    checkInvocation(words, data).map((p) => `${file}:${line}: synk ${words.join(' ')}: ${p}`),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test.describe('the command check itself', () => {
  const data = loadCommandData();
  const check = (line: string) => synkInvocations(line).flatMap((words) => checkInvocation(words, data));

  test('accepts valid commands, placeholders, global flags and shell syntax around them', () => {
    for (const line of [
      'synk',
      'synk login -u admin',
      'synk app-bundle upload bundle.zip',
      'synk app-bundle switch <version>',
      'synk --config ~/.other.yaml config set api.url https://sync.example.org',
      'synk sync pull out.json --client-id=laptop --limit 50 # a comment --bogus',
      'source <(synk completion bash)',
      'synk completion zsh > "${fpath[1]}/_synk"',
      'synk completion <bash|zsh|fish|powershell>',
      "synk user reset-password --username admin --new-password 'two words'",
      'synk help app-bundle upload',
    ]) {
      expect(check(line), line).toEqual([]);
    }
  });

  test('finds synk only where it is a command', () => {
    expect(synkInvocations('go build -o bin/synk ./cmd/synkronus')).toEqual([]);
    expect(synkInvocations('cat ~/.synkronus.yaml | synk.exe')).toEqual([]);
    expect(synkInvocations('echo "synk login" && synk logout')).toEqual([['logout']]);
    expect(synkInvocations('synk completion bash | sudo tee /etc/bash_completion.d/synk')).toEqual([
      ['completion', 'bash'],
    ]);
  });

  test('rejects unknown commands, unknown flags, extra arguments and unknown shells', () => {
    expect(check('synk app-bundle diff 1 2')).toEqual(['unknown command "synk app-bundle diff"']);
    expect(check('synk users list')).toEqual(['unknown command "synk users"']);
    expect(check('synk app-bundle upload b.zip --version')).toEqual([
      'unknown flag "--version" for "synk app-bundle upload"',
    ]);
    expect(check('synk login -c')).toEqual(['unknown flag "-c" for "synk login"']);
    expect(check('synk user delete alice bob')).toHaveLength(1);
    expect(check('synk completion tcsh')).toHaveLength(1);
    expect(check('synk user alice')).toEqual(['unknown command "synk user alice"']);
  });
});
