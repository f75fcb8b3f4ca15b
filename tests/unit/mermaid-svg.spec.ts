import {test, expect} from '@playwright/test';
import remarkMermaidSvg, {accessibleTitle, withFixedSize} from '../../src/plugins/mermaid-svg';

test.describe('build-time Mermaid diagrams (src/plugins/mermaid-svg)', () => {
  test('the accessible title of a diagram becomes its text alternative', () => {
    expect(accessibleTitle('sequenceDiagram\n  accTitle: Pull then push\n  A->>B: hi')).toBe('Pull then push');
    expect(accessibleTitle('flowchart LR\n  A --> B')).toBeUndefined();
  });

  test('rendered SVGs get a fixed width and height instead of width="100%" and max-width', () => {
    const svg =
      '<svg id="m" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 784px;" viewBox="0 0 784 250"><g/></svg>';
    const fixed = withFixedSize(svg, 783.5, 249.2);
    expect(fixed).toMatch(
      /^<svg width="784" height="250" id="m" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 784 250">/,
    );
    expect(fixed).not.toContain('100%');
    expect(fixed).not.toContain('max-width');
  });

  test('a diagram without accTitle fails the build, naming the file and line', async () => {
    const tree = {
      type: 'root',
      children: [
        {type: 'code', lang: 'mermaid', value: 'flowchart LR\n  A --> B', position: {start: {line: 7, column: 1}}},
      ],
    };
    const file = {path: `${process.cwd()}/docs/example.md`};
    await expect(remarkMermaidSvg()(tree as never, file as never)).rejects.toThrow(
      'docs/example.md:7: a Mermaid diagram needs an "accTitle: ..." line',
    );
  });
});
