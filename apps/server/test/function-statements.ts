/**
 * The SQL statements of a PL/pgSQL or SQL function body, with the PL/pgSQL around them taken off:
 * BEGIN/END, IF/ELSIF/ELSE/END IF (whose conditions are returned on their own), RETURN, and
 * PERFORM turned into SELECT. Enough for the trigger functions of our migrations, so each
 * statement can be handed to EXPLAIN, which resolves every table and column it names.
 */
export function functionStatements(body: string): { statements: string[]; conditions: string[] } {
  const statements: string[] = [];
  const conditions: string[] = [];
  for (let piece of splitStatements(stripComments(body))) {
    for (;;) {
      piece = piece.trim();
      const control = /^(?:BEGIN|END\s+IF|END|ELSE)\b/i.exec(piece);
      if (control) {
        piece = piece.slice(control[0].length);
        continue;
      }
      const branch = /^(?:IF|ELSIF)\b([\s\S]*?)\bTHEN\b/i.exec(piece);
      if (branch) {
        conditions.push(branch[1]!.trim());
        piece = piece.slice(branch[0].length);
        continue;
      }
      break;
    }
    if (piece === '' || /^RETURN\b/i.test(piece)) continue;
    statements.push(piece.replace(/^PERFORM\b/i, 'SELECT'));
  }
  return { statements, conditions };
}

/** `--` comments removed, string literals left alone. */
function stripComments(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") quoted = !quoted;
    if (!quoted && c === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    out += c;
  }
  return out;
}

/** Split on `;` outside string literals. */
function splitStatements(text: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let current = '';
  for (const c of text) {
    if (c === "'") quoted = !quoted;
    if (c === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}
