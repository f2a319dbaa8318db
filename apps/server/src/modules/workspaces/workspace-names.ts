/**
 * A workspace name from a domain, for sign-up requests (which carry no company name):
 * the first label, hyphens and underscores as spaces, each word capitalised
 * ("globex.example" -> "Globex", "acme-corp.co.in" -> "Acme Corp"). Always a valid workspace
 * name: 2 to 50 letters, digits, spaces, hyphens or underscores.
 */
export function workspaceNameFromDomain(domain: string): string {
  const label = domain.trim().toLowerCase().split('.')[0] ?? '';
  const words = label
    .replace(/[^a-z0-9_-]/g, '')
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  const name = words.join(' ').slice(0, 50).trim();
  return name.length >= 2 ? name : `${name} Workspace`.trim();
}

/** A first and last name from an address's local part when none is given ("bob.stone" -> Bob Stone). */
export function namesFromEmail(email: string): { firstName: string; lastName: string } {
  const local = email.slice(0, email.lastIndexOf('@'));
  const [first = '', ...rest] = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return { firstName: first || local, lastName: rest.join(' ') };
}
