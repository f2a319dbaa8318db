import { COACHING_BANDS } from '@pipewise/contract/coaching';
import { BANDS_SECTION_ID } from './play-time';

/** What the bands mean and where they come from (COACHING_BANDS, docs/coaching-statistics.md). */
export function CallBands() {
  return (
    <section id={BANDS_SECTION_ID} className="call-stats-section call-bands" aria-labelledby="call-bands-title" tabIndex={-1}>
      <h3 id="call-bands-title" className="call-stats-title">
        What the bands mean
      </h3>
      <dl className="call-bands-list">
        <div>
          <dt>Talk ratio: at most 65%, about 43% on won calls</dt>
          <dd className="muted">{COACHING_BANDS.talk_ratio?.source}. Above 65% is marked on this page.</dd>
        </div>
        <div>
          <dt>Questions: 11 to 14 per call</dt>
          <dd className="muted">{COACHING_BANDS.questions?.source}. Shown for reference: not every call is a discovery call.</dd>
        </div>
      </dl>
      <p className="muted">The other figures have no published band; the Coaching page compares them with your team's median.</p>
    </section>
  );
}
