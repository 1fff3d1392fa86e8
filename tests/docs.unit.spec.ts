import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay a map: ARCHITECTURE.md short, measurements in docs/performance.md, a README
 * for every command-api folder reachable from ARCHITECTURE.md, links that resolve, and
 * product-code comments that say why without pointing at an issue number.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');

const ARCHITECTURE_MAX_LINES = 250;
/** command-api folders that are not a feature and need no README of their own. */
const NOT_FEATURE_FOLDERS = new Set(['testing']);
const PRODUCT_DIRS = ['contracts', 'platform', 'command-api', 'projectors', 'query-api', 'web/src', 'sandbox', 'deploy'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const ISSUE_NUMBER = /issue [0-9]/i;

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Relative link targets of a markdown file (anchors and external addresses left out). */
export function markdownLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.split('#')[0]!).filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** The comments of a TypeScript or TSX source, as the compiler's scanner finds them. */
export function commentsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Set<number>();
  const comments: string[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(source.slice(range.pos, range.end));
    }
  };
  // Every node and token (getChildren includes punctuation such as JSX's `{`): comments sit
  // in the trivia before or after one of them.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(source, node.getEnd()));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  collect(ts.getLeadingCommentRanges(source, file.endOfFileToken.getFullStart()));
  return comments;
}

/** Comments of the product code (every .ts and .tsx but specs) that name an issue number. */
function commentsNamingAnIssue(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir))) {
      const relative = path.join(dir, entry);
      if (statSync(path.join(root, relative)).isDirectory()) {
        if (!SKIPPED_DIRS.has(entry)) walk(relative);
        continue;
      }
      if (!/\.tsx?$/.test(entry) || /\.spec\.tsx?$/.test(entry) || entry.endsWith('.d.ts')) continue;
      const source = read(relative);
      // The scanner only runs on files whose text matches at all: a few, if any.
      if (!ISSUE_NUMBER.test(source)) continue;
      for (const comment of commentsOf(relative, source)) if (ISSUE_NUMBER.test(comment)) found.push(`${relative}: ${comment.trim().slice(0, 120)}`);
    }
  };
  for (const dir of PRODUCT_DIRS) walk(dir);
  return found;
}

describe('the docs are a map', () => {
  it(`ARCHITECTURE.md has at most ${ARCHITECTURE_MAX_LINES} lines`, () => {
    expect(lineCount(read('ARCHITECTURE.md'))).toBeLessThanOrEqual(ARCHITECTURE_MAX_LINES);
  });

  it('measurements live in docs/performance.md, linked from ARCHITECTURE.md and README.md', () => {
    expect(existsSync(path.join(root, 'docs/performance.md'))).toBe(true);
    expect(markdownLinks(read('ARCHITECTURE.md'))).toContain('docs/performance.md');
    expect(markdownLinks(read('README.md'))).toContain('docs/performance.md');
  });

  it('every command-api folder has a README that ARCHITECTURE.md links to', () => {
    const folders = readdirSync(path.join(root, 'command-api/src')).filter(
      (name) => statSync(path.join(root, 'command-api/src', name)).isDirectory() && !NOT_FEATURE_FOLDERS.has(name),
    );
    const linked = new Set(markdownLinks(read('ARCHITECTURE.md')));
    const missing = folders.filter((name) => !existsSync(path.join(root, 'command-api/src', name, 'README.md')));
    const unlinked = folders.filter((name) => !linked.has(`command-api/src/${name}/README.md`));
    expect({ missing, unlinked }).toEqual({ missing: [], unlinked: [] });
    expect(folders.length).toBeGreaterThan(10);
  });

  it('platform/ and tests/ have READMEs that ARCHITECTURE.md links to', () => {
    const linked = markdownLinks(read('ARCHITECTURE.md'));
    for (const readme of ['platform/README.md', 'tests/README.md']) {
      expect(existsSync(path.join(root, readme))).toBe(true);
      expect(linked).toContain(readme);
    }
  });

  it("the docs' relative links resolve", () => {
    const docs = [
      'README.md',
      'ARCHITECTURE.md',
      'docs/performance.md',
      'platform/README.md',
      'tests/README.md',
      ...readdirSync(path.join(root, 'command-api/src'))
        .map((name) => `command-api/src/${name}/README.md`)
        .filter((readme) => existsSync(path.join(root, readme))),
    ];
    const broken = docs.flatMap((doc) =>
      markdownLinks(read(doc))
        .filter((target) => !existsSync(path.resolve(path.dirname(path.join(root, doc)), target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('no product-code comment names an issue number', () => {
    expect(commentsNamingAnIssue()).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find comments, not code, in TS and TSX', () => {
    const source = "// issue 3 here\nconst a = 'issue 4'; /* Issue 5 item 2 */\nexport const B = () => <div>{/** issue 6 */ a}</div>;\n";
    const comments = commentsOf('x.tsx', source);
    expect(comments.filter((c) => ISSUE_NUMBER.test(c))).toEqual(['// issue 3 here', '/* Issue 5 item 2 */', '/** issue 6 */']);
    expect(comments.some((c) => c.includes('issue 4'))).toBe(false);
  });

  it('read relative links only', () => {
    expect(markdownLinks('[a](docs/x.md) [b](https://example.com) [c](#top) [d](../y.md#part)')).toEqual(['docs/x.md', '../y.md']);
  });
});
