import type { TCallPerson } from '@pipewise/contract/coaching';
import { ColumnHeader } from '../../../components/ui/table';
import { lengthText, percentText, rateText, SIDE_LABELS, wholeText } from '../utils/call-stats-format';

const COLUMNS = ['Person', 'Talk', 'Words per minute', 'Questions', 'Fillers per minute', 'Longest monologue', 'Patience'];

/**
 * Each speaker's own figures. On a narrow screen the table scrolls within its frame, which takes focus so the
 * keyboard can scroll it too (it holds nothing else to focus).
 */
export function PeopleTable({ people }: { people: readonly TCallPerson[] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Figures per person">
      <table className="data-table">
        <caption className="sr-only">Figures per person</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <ColumnHeader key={column}>{column}</ColumnHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.speaker}>
              <th scope="row" className="cell-name">
                {p.name}
                <span className="cell-secondary">{SIDE_LABELS[p.side]}</span>
              </th>
              <td className="cell-nowrap">
                {percentText(p.talk_ratio)} · {lengthText(p.talk_seconds)}
              </td>
              <td>{wholeText(p.words_per_minute)}</td>
              <td>{p.questions}</td>
              <td>{rateText(p.fillers_per_minute)}</td>
              <td className="cell-nowrap">{p.longest_monologue_start === null ? '—' : lengthText(p.longest_monologue_seconds)}</td>
              <td className="cell-nowrap">{p.patience_seconds === null ? '—' : `${rateText(p.patience_seconds)} s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
