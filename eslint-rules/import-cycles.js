// local/import-cycles: no file imports a file that leads back to it, type-only imports included.
// import-x/no-cycle skips `import type` (no runtime effect), but a type-only circle still ties the
// files together: the composition root imported for its `Services` type by what it composes.
// Relative imports only (packages are outside the house); each file is read once per lint run.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file an import names: the path itself, with an extension, or a folder's index. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => EXTENSIONS.includes(path.extname(c)) && fs.existsSync(c) && fs.statSync(c).isFile());
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** file -> the files it imports, read on first use. */
const edges = new Map();
function importsOf(file) {
  let found = edges.get(file);
  if (!found) {
    found = new Set();
    edges.set(file, found);
    let text = '';
    try {
      text = stripComments(fs.readFileSync(file, 'utf8'));
    } catch {
      return found;
    }
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, match[1]);
      if (target) found.add(target);
    }
  }
  return found;
}

/** The shortest chain of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const chain = [file];
        for (let at = previous.get(file); at; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports too.' },
    messages: { cycle: 'Import cycle (type imports count): {{chain}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd ?? process.cwd();
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (!target || target === file) return;
      const back = pathBack(target, file);
      if (!back) return;
      const chain = [file, ...back, file].map((f) => path.relative(root, f)).join(' -> ');
      context.report({ node: node.source, messageId: 'cycle', data: { chain } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
