/** One case-insensitive pattern from several, so long alternations can be written a line each. */
export const either = (...patterns: RegExp[]): RegExp => new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i');
