import type { TCallPerson } from '@pipewise/contract/coaching';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { lengthText, percentText, rateText, SIDE_LABELS, wholeText } from '../utils/call-stats-format';

/** Each speaker's own figures; scrolls within its frame on a narrow screen. */
export function PeopleTable({ people }: { people: readonly TCallPerson[] }) {
  return (
    <Table
      caption="Figures per person"
      head={
        <>
          <ColumnHeader>Person</ColumnHeader>
          <ColumnHeader>Talk</ColumnHeader>
          <ColumnHeader>Words per minute</ColumnHeader>
          <ColumnHeader>Questions</ColumnHeader>
          <ColumnHeader>Fillers per minute</ColumnHeader>
          <ColumnHeader>Longest monologue</ColumnHeader>
          <ColumnHeader>Patience</ColumnHeader>
        </>
      }
    >
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
    </Table>
  );
}
