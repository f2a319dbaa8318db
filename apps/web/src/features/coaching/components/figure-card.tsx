import { COACHING_FIGURE_LABELS, type TCoachingFigure, type TCoachingPerson } from '@pipewise/contract/coaching';
import { Card } from '../../../components/ui/card';
import { BAND_TEXT, formatFigure, NO_BAND_TEXT } from '../utils/figure-format';
import { CoachingCalls } from './coaching-calls';
import { OutOfBandMark } from './out-of-band-mark';
import { TrendChart } from './trend-chart';

const callsText = (n: number) => `Based on ${n} ${n === 1 ? 'call' : 'calls'}`;

/**
 * One figure of a person over the period: the value (marked when outside its band), the team's
 * median, the published band or that there is none, how many calls it rests on, the weekly trend
 * and the calls with the best and worst values.
 */
export function FigureCard({ figure, person }: { figure: TCoachingFigure; person: TCoachingPerson }) {
  const own = person.figures[figure];
  const median = person.team_median[figure];
  return (
    <Card as="li" title={COACHING_FIGURE_LABELS[figure]} className="coaching-card">
      <p className="coaching-value">
        <span className="coaching-value-number">{formatFigure(figure, own.value)}</span>
        {own.out_of_band ? <OutOfBandMark figure={figure} value={own.value} /> : null}
      </p>
      <p className="coaching-based">{callsText(own.calls)}</p>
      <dl className="coaching-facts">
        <div>
          <dt>Team median</dt>
          <dd>{formatFigure(figure, median.value)}</dd>
        </div>
        <div>
          <dt>Band</dt>
          <dd>{BAND_TEXT[figure] ?? NO_BAND_TEXT}</dd>
        </div>
      </dl>
      <TrendChart figure={figure} weeks={person.weeks} />
      <CoachingCalls title="Best calls" figure={figure} calls={person.best.filter((c) => c.figure === figure)} />
      <CoachingCalls title="Worst calls" figure={figure} calls={person.worst.filter((c) => c.figure === figure)} />
    </Card>
  );
}
