import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { COACHING_BANDS, COACHING_FIGURE_LABELS, type TCoachingFigure, type TCoachingPerson } from '@pipewise/contract/coaching';
import { lazyModule, useLazyModule } from '../../../components/ui/lazy-module';
import { formatIsoDay } from '../../../lib/format';
import { axisText, formatFigure } from '../utils/figure-format';

/** uPlot comes with the first chart on screen, once for every card. */
const chartModule = lazyModule(() => import('./trend-canvas'));
const CHART_HEIGHT = 140;

type TrendChartProps = { figure: TCoachingFigure; weeks: TCoachingPerson['weeks'] };

/**
 * Whether the element has come near the screen (once true, it stays): each chart is drawn when it is
 * about to be seen, so a phone opening the page draws one chart, not eight, before it can respond.
 */
function useNearScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** Seconds since 1970 of a YYYY-MM-DD week start (UTC midnight: the axis writes only its day). */
const weekSeconds = (week: string) => Date.parse(`${week}T00:00:00Z`) / 1000;

/**
 * A figure's weekly trend: the line chart, and the same values as a table for screen readers (the
 * chart's text alternative). A failed chart load leaves the table; a period without values says so.
 */
export function TrendChart({ figure, weeks }: TrendChartProps) {
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);
  const [plotRef, near] = useNearScreen<HTMLDivElement>();
  const chart = useLazyModule(chartModule, near, onFail);
  const data = useMemo(() => ({ xs: weeks.map((w) => weekSeconds(w.week)), ys: weeks.map((w) => w.figures[figure]) }), [weeks, figure]);
  const label = useCallback((value: number) => axisText(figure, value), [figure]);
  const guides = useMemo(() => {
    const band = COACHING_BANDS[figure];
    return band ? [band.low, band.high].filter((v): v is number => v !== null) : [];
  }, [figure]);
  const name = COACHING_FIGURE_LABELS[figure];

  if (!data.ys.some((value) => value !== null)) return <p className="coaching-trend-empty">No weekly values in this period.</p>;
  return (
    <figure className="coaching-trend">
      <figcaption className="coaching-trend-caption">
        Weekly trend{guides.length > 0 ? <span className="coaching-trend-key"> · dashed: the published band</span> : null}
      </figcaption>
      <div ref={plotRef} className="coaching-trend-plot" style={{ height: CHART_HEIGHT }} aria-hidden="true">
        {chart && near && !failed ? (
          <chart.TrendCanvas xs={data.xs} ys={data.ys} label={label} guides={guides} height={CHART_HEIGHT} />
        ) : null}
      </div>
      {/* In a box: a table does not shrink to the hidden 1 px, and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{name} by week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">{name}</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{formatIsoDay(w.week)}</th>
                <td>{formatFigure(figure, w.figures[figure])}</td>
                <td>{w.calls}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
