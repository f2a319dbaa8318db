import { CircleAlert } from 'lucide-react';
import type { TCoachingFigure } from '@pipewise/contract/coaching';
import { outOfBandText } from '../utils/figure-format';

/** The mark of a value outside its published band: an icon and words ('Above 65%'), in the danger colour. */
export function OutOfBandMark({ figure, value }: { figure: TCoachingFigure; value: number | null }) {
  return (
    <span className="badge badge-danger coaching-out">
      <CircleAlert size={12} aria-hidden="true" />
      {outOfBandText(figure, value)}
    </span>
  );
}
