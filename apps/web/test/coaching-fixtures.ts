import {
  COACHING_FIGURES,
  type TCoachingFigure,
  type TCoachingPerson,
  type TCoachingRow,
  type TCoachingTeam,
  type TFigure,
} from '@pipewise/contract/coaching';

type Values = Partial<Record<TCoachingFigure, number | null>>;

/** Typical values of a rep on their calls (talk ratio 0..1, seconds, per minute, per hour). */
const TYPICAL: Record<TCoachingFigure, number> = {
  talk_ratio: 0.48,
  longest_monologue: 75,
  interactivity: 4.2,
  patience: 0.9,
  questions: 12,
  questions_per_hour: 24,
  words_per_minute: 142,
  fillers_per_minute: 1.3,
};

function figuresOf<T>(make: (figure: TCoachingFigure) => T): Record<TCoachingFigure, T> {
  return Object.fromEntries(COACHING_FIGURES.map((f) => [f, make(f)])) as Record<TCoachingFigure, T>;
}

/** Every figure at its typical value (or `values`' own), resting on `calls` calls; `outOfBand` figures marked. */
export function figuresFixture(calls: number, values: Values = {}, outOfBand: TCoachingFigure[] = []) {
  return figuresOf((f) => ({
    value: calls === 0 ? null : f in values ? (values[f] ?? null) : TYPICAL[f],
    calls,
    out_of_band: outOfBand.includes(f),
  }));
}

export function medianFixture(values: Values = {}, calls = 20): Record<TCoachingFigure, TFigure> {
  return figuresOf((f) => ({ value: f in values ? (values[f] ?? null) : TYPICAL[f], calls }));
}

export function rowFixture(overrides: Partial<TCoachingRow> & Pick<TCoachingRow, 'user_id' | 'name'>): TCoachingRow {
  return {
    email: `${overrides.name.split(' ')[0]!.toLowerCase()}@acme.test`,
    role: 'rep',
    calls: 5,
    figures: figuresFixture(overrides.calls ?? 5),
    ...overrides,
  };
}

export function teamFixture(rows: TCoachingRow[], overrides: Partial<TCoachingTeam> = {}): TCoachingTeam {
  return { from: '2026-10-31', to: '2026-11-29', rows, team_median: medianFixture(), ...overrides };
}

export function personFixture(overrides: Partial<TCoachingPerson> = {}): TCoachingPerson {
  return {
    from: '2026-10-31',
    to: '2026-11-29',
    user: { id: 'u2', name: 'Ravi Kumar', email: 'ravi@acme.test', role: 'rep' },
    calls: 5,
    figures: figuresFixture(5, { talk_ratio: 0.72 }, ['talk_ratio']),
    team_median: medianFixture(),
    weeks: [
      { week: '2026-11-16', calls: 2, figures: figuresOf((f) => TYPICAL[f]) },
      { week: '2026-11-23', calls: 3, figures: figuresOf((f) => (f === 'talk_ratio' ? 0.8 : TYPICAL[f])) },
    ],
    best: [
      {
        figure: 'talk_ratio',
        recording_id: 'r1',
        title: 'Discovery with Kaveri',
        recorded_at: '2026-11-20T10:00:00Z',
        value: 0.41,
        at: null,
      },
    ],
    worst: [
      { figure: 'talk_ratio', recording_id: 'r2', title: 'Demo for Sahyadri', recorded_at: '2026-11-24T10:00:00Z', value: 0.86, at: 125 },
    ],
    ...overrides,
  };
}
