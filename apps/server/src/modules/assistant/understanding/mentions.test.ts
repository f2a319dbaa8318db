import { describe, expect, it } from 'vitest';
import { buildGazetteer, normalizeName, tokenize, type GazetteerEntry } from './gazetteer';
import { clearWinner, editDistance, findMentions, matchWhole } from './mentions';

const ENTRIES: GazetteerEntry[] = [
  { kind: 'deal', id: '1', label: 'Orion Logistics renewal', ownedByCaller: true, parentId: 'sales' },
  { kind: 'deal', id: '2', label: 'Orion Logistics expansion', parentId: 'sales' },
  { kind: 'deal', id: '3', label: 'Kaveri Foods - Analytics suite', ownedByCaller: true, parentId: 'enterprise' },
  { kind: 'company', id: 'c1', label: 'Kaveri Foods Pvt Ltd', aliases: ['kaverifoods.example'] },
  { kind: 'company', id: 'c2', label: 'Orion Logistics', aliases: ['orion.example'] },
  { kind: 'contact', id: 'k1', label: 'Meera Iyer', aliases: ['meera@kaverifoods.example'], email: 'meera@kaverifoods.example' },
  { kind: 'person', id: 'u1', label: 'Priya Nair', aliases: ['priya.nair@pipewise.example'], email: 'priya.nair@pipewise.example' },
  { kind: 'person', id: 'u2', label: 'Rahul Verma', aliases: ['rahul@pipewise.example'], email: 'rahul@pipewise.example' },
  { kind: 'pipeline', id: 'sales', label: 'Sales Pipeline' },
  { kind: 'pipeline', id: 'partners', label: 'Partners' },
  { kind: 'stage', id: 's1', label: 'Decision Maker Bought-In', parentId: 'sales' },
  { kind: 'stage', id: 's2', label: 'Qualified to Buy', parentId: 'sales' },
  { kind: 'stage', id: 's3', label: 'Closed Won', parentId: 'sales' },
  { kind: 'stage', id: 'p1', label: 'Demo Done', parentId: 'partners' },
  { kind: 'stage', id: 'p2', label: 'Qualified', parentId: 'partners' },
  { kind: 'stage', id: 'p3', label: 'Negotiation', parentId: 'partners' },
];
const g = buildGazetteer(ENTRIES);
const RESERVED = new Set(['stage', 'pipeline', 'amount', 'update', 'deal', 'close', 'date', 'owner', 'set', 'next', 'step']);

/** "text [mention] text" with each mention's best label. */
function read(text: string, kinds?: GazetteerEntry['kind'][]) {
  return findMentions(g, text, { reserved: RESERVED, kinds }).map((m) => ({
    text: m.text,
    best: m.candidates[0]?.entry.label,
    exact: m.exact,
  }));
}

describe('tokenize and normalizeName', () => {
  it.each([
    ['  Kaveri-Foods, Pvt. Ltd ', 'kaveri foods pvt ltd'],
    ['"Orion Logistics renewal"', 'orion logistics renewal'],
    ["Orion's renewal", 'orion renewal'],
    ['Café Décor', 'cafe decor'],
    ['priya.nair@pipewise.example', 'priya nair pipewise example'],
    ['Bought-In', 'bought in'],
  ])('%s -> %s', (text, norm) => expect(normalizeName(text)).toBe(norm));

  it('keeps where each token sits in the text', () => {
    expect(tokenize('set "Demo Done"')).toEqual([
      { norm: 'set', start: 0, end: 3 },
      { norm: 'demo', start: 5, end: 9 },
      { norm: 'done', start: 10, end: 14 },
    ]);
  });
});

describe('editDistance', () => {
  it.each([
    ['orion', 'orion', 0],
    ['orian', 'orion', 1],
    ['gnaga', 'ganga', 1],
    ['logistcs', 'logistics', 1],
    ['kavery', 'kaveri', 1],
    ['abc', 'xyz', 3],
  ])('%s ~ %s = %i', (a, b, d) => expect(editDistance(a, b)).toBe(d));
});

describe('findMentions', () => {
  it.each([
    // Exact, whatever the case, spacing, punctuation and quotes.
    ['update deal orion logistics renewal amount 5L', [{ text: 'orion logistics renewal', best: 'Orion Logistics renewal', exact: true }]],
    ['update deal "Orion  Logistics Renewal"', [{ text: 'Orion  Logistics Renewal', best: 'Orion Logistics renewal', exact: true }]],
    // A stage whose name holds field words is one mention.
    ['set stage to decision maker bought-in', [{ text: 'decision maker bought-in', best: 'Decision Maker Bought-In', exact: true }]],
    [
      'in pipeline Partners with stage Demo Done',
      [
        { text: 'Partners', best: 'Partners', exact: true },
        { text: 'Demo Done', best: 'Demo Done', exact: true },
      ],
    ],
    // Typos and partial names.
    ['update deal Orion Logistcs renewal', [{ text: 'Orion Logistcs renewal', best: 'Orion Logistics renewal', exact: false }]],
    ['kavery foods pvt', [{ text: 'kavery foods pvt', best: 'Kaveri Foods Pvt Ltd', exact: false }]],
    // The caller's own deal ahead of a company that matches as well.
    ['kavery foods', [{ text: 'kavery foods', best: 'Kaveri Foods - Analytics suite', exact: false }]],
    ['assign to priya', [{ text: 'priya', best: 'Priya Nair', exact: false }]],
    [
      'Orion renewal: stage Negotiation',
      [
        { text: 'Orion renewal', best: 'Orion Logistics renewal', exact: false },
        { text: 'Negotiation', best: 'Negotiation', exact: true },
      ],
    ],
    // Emails and domains are aliases.
    ['update contact meera@kaverifoods.example', [{ text: 'meera@kaverifoods.example', best: 'Meera Iyer', exact: true }]],
    // Field words alone are never names.
    ['set amount to 90k and close date tomorrow', []],
    ['the weather in Paris', []],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('prefers the longest name over a shorter one inside it', () => {
    expect(read('update Orion Logistics expansion')).toEqual([
      { text: 'Orion Logistics expansion', best: 'Orion Logistics expansion', exact: true },
    ]);
  });

  it("puts the caller's own record ahead of an otherwise equal one", () => {
    const [m] = findMentions(g, 'orion logistics', { kinds: ['deal'] });
    expect(m!.candidates.map((c) => c.entry.label)).toEqual(['Orion Logistics renewal', 'Orion Logistics expansion']);
    expect(clearWinner(m!.candidates)?.entry.id).toBe('1');
  });

  it('restricts to the kinds asked for', () => {
    expect(read('Orion Logistics', ['company'])).toEqual([{ text: 'Orion Logistics', best: 'Orion Logistics', exact: true }]);
    expect(read('Kaveri', ['company'])).toEqual([{ text: 'Kaveri', best: 'Kaveri Foods Pvt Ltd', exact: false }]);
  });

  it('gives no clear winner between two equal candidates', () => {
    const two = buildGazetteer([
      { kind: 'deal', id: '1', label: 'Acme renewal' },
      { kind: 'deal', id: '2', label: 'Acme expansion' },
    ]);
    const [m] = findMentions(two, 'acme');
    expect(m!.candidates).toHaveLength(2);
    expect(clearWinner(m!.candidates)).toBeNull();
  });
});

describe('matchWhole', () => {
  it.each([
    ['Sales', ['pipeline'], 'Sales Pipeline'],
    ['the Sales pipeline', ['pipeline'], 'Sales Pipeline'],
    ['qualified to buy', ['stage'], 'Qualified to Buy'],
    ['demo done', ['stage'], 'Demo Done'],
    ['Kaveri', ['company'], 'Kaveri Foods Pvt Ltd'],
    ['priya nair', ['person'], 'Priya Nair'],
    ['Kaveri and a bit more', ['company'], undefined],
    ['Closed Lost', ['stage'], undefined],
  ] as const)('%s (%s) -> %s', (text, kinds, label) => {
    expect(matchWhole(g, text, { kinds })[0]?.entry.label).toBe(label);
  });
});

describe('common words', () => {
  it('still find a pipeline, stage or person when thousands of deal names hold the word', () => {
    const crowded = buildGazetteer([
      ...ENTRIES,
      ...Array.from({ length: 4000 }, (_, i) => ({ kind: 'deal' as const, id: `x${i}`, label: `Sales analytics rollout ${i}` })),
    ]);
    expect(matchWhole(crowded, 'Sales', { kinds: ['pipeline'] })[0]?.entry.label).toBe('Sales Pipeline');
    expect(findMentions(crowded, 'pipeline sales', { reserved: RESERVED })[0]?.candidates[0]?.entry.label).toBe('Sales Pipeline');
  });
});

describe('speed', () => {
  it('finds mentions in a sentence in well under 5 ms with 100k deal names', () => {
    const roots = ['Kaveri', 'Sahyadri', 'Ganga', 'Deccan', 'Marine', 'Aravalli', 'Konkan', 'Nilgiri', 'Vindhya', 'Cauvery'];
    const kinds = ['Foods', 'Logistics', 'Textiles', 'Pharma', 'Capital', 'Cement', 'Software', 'Power', 'Retail', 'Motors'];
    const products = ['Analytics suite', 'CRM rollout', 'Dealer portal', 'Renewal', 'Expansion', 'Pilot', 'Support plan'];
    const big = buildGazetteer([
      ...ENTRIES,
      ...Array.from({ length: 100_000 }, (_, i) => ({
        kind: 'deal' as const,
        id: String(1000 + i),
        label: `${roots[i % 10]} ${kinds[Math.floor(i / 10) % 10]} ${i} - ${products[i % 7]}`,
      })),
    ]);
    const texts = [
      'update deal Orion Logistcs renewal set amount to Rs 90k and stage to Negotiation',
      'set pipeline to Partners and stage to Qualified for kavery foods analytics',
      'what is the next step for Sahyadri Logistics 4521 - Renewal',
    ];
    for (const t of texts) findMentions(big, t, { reserved: RESERVED }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      for (const t of texts) {
        const started = performance.now();
        findMentions(big, t, { reserved: RESERVED });
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(5);
  });
});
