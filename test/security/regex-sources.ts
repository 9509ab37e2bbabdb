// Collects every regular expression the engines define: regex literals and constant
// `new RegExp("...")` calls in src/**/*.ts (read with the TypeScript compiler API), and the
// pattern strings kept in data files. The ReDoS audit checks each one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface RegexSource {
  /** Where it is defined: a repository-relative path and line. */
  where: string;
  file: string;
  source: string;
  flags: string;
}

const ROOT = new URL('../../', import.meta.url).pathname;

function filesUnder(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  // String.raw`...` without substitutions: the raw text is the pattern.
  if (node && ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'String.raw' && ts.isNoSubstitutionTemplateLiteral(node.template)) {
    return node.template.rawText;
  }
  return undefined;
}

function regexesInFile(path: string): RegexSource[] {
  const file = relative(ROOT, path);
  const tree = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: RegexSource[] = [];
  const at = (node: ts.Node) => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText();
      const close = text.lastIndexOf('/');
      found.push({ where: at(node), file, source: text.slice(1, close), flags: text.slice(close + 1) });
    } else if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
      const source = literalText(node.arguments?.[0]);
      if (source !== undefined) found.push({ where: at(node), file, source, flags: literalText(node.arguments?.[1]) ?? '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Pattern strings in data files: values of keys that hold regexes ("patterns"). */
function regexesInData(path: string): RegexSource[] {
  const file = relative(ROOT, path);
  const found: RegexSource[] = [];
  const visit = (value: unknown, key: string, trail: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, key, `${trail}/${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k, `${trail}/${k}`);
    // Data patterns are compiled with the 'i' flag by their reader (templates/select.ts).
    else if (typeof value === 'string' && key === 'patterns') found.push({ where: `${file}#${trail}`, file, source: value, flags: 'i' });
  };
  visit(JSON.parse(readFileSync(path, 'utf8')), '', '');
  return found;
}

export function engineRegexes(): RegexSource[] {
  const code = filesUnder(join(ROOT, 'src'), (p) => p.endsWith('.ts') && !p.endsWith('.test.ts'));
  const data = filesUnder(join(ROOT, 'data'), (p) => p.endsWith('.json'))
    .concat(filesUnder(join(ROOT, 'src'), (p) => p.endsWith('.json')));
  return [...code.flatMap(regexesInFile), ...data.flatMap(regexesInData)];
}
