import { describe, expect, it } from 'vitest';
import { workspaceFieldErrors } from '@pipewise/contract/users';
import { namesFromEmail, workspaceNameFromDomain } from './workspace-names';

describe('workspaceNameFromDomain', () => {
  it.each([
    ['globex.example', 'Globex'],
    ['Globex.Example', 'Globex'],
    ['acme-corp.co.in', 'Acme Corp'],
    ['big_data-labs.io', 'Big Data Labs'],
    ['3m.com', '3m'],
    ['x.io', 'X Workspace'],
    ['xn--bcher-kva.example', 'Xn Bcher Kva'],
    [`${'a'.repeat(63)}.com`, 'A'.padEnd(50, 'a')],
  ])('%s -> %s', (domain, name) => {
    expect(workspaceNameFromDomain(domain)).toBe(name);
    expect(workspaceFieldErrors({ organization_name: name, organization_domain: 'valid.example' })).toEqual({});
  });
});

describe('namesFromEmail', () => {
  it.each([
    ['bob@globex.example', { firstName: 'Bob', lastName: '' }],
    ['bob.stone@globex.example', { firstName: 'Bob', lastName: 'Stone' }],
    ['mary-jane_watson@globex.example', { firstName: 'Mary', lastName: 'Jane Watson' }],
    ['..@globex.example', { firstName: '..', lastName: '' }],
  ])('%s', (email, names) => {
    expect(namesFromEmail(email)).toEqual(names);
  });
});
