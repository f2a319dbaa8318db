import { useNavigate } from 'react-router';
import type { TVideo } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { ColumnHeader, Table } from '../../../components/ui/table';
import { meetingDate, participantsText, sentimentText } from '../utils/meeting-format';

/** The meetings as rows; a row (or its View button) opens the detail modal, Details opens the meeting page. */
export function MeetingsTable({ videos, onView }: { videos: TVideo[]; onView: (video: TVideo) => void }) {
  const navigate = useNavigate();
  return (
    <Table
      caption="Meetings"
      className="meetings-table"
      head={
        <>
          <ColumnHeader>Date</ColumnHeader>
          <ColumnHeader>Meeting Title</ColumnHeader>
          <ColumnHeader>Participants</ColumnHeader>
          <ColumnHeader>Deal Associated</ColumnHeader>
          <ColumnHeader>Deal Sentiments</ColumnHeader>
          <ColumnHeader hiddenLabel>Actions</ColumnHeader>
        </>
      }
    >
      {videos.map((video) => {
        const title = video.title.trim() || 'Untitled Meeting';
        return (
          <tr key={video.id} className="meeting-row" onClick={() => onView(video)}>
            <td className="cell-nowrap">{meetingDate(video.upload_date)}</td>
            <td className="cell-name">{title}</td>
            <td>{participantsText(video.meet_attendees)}</td>
            <td>{video.dealName ?? 'N/A'}</td>
            <td>
              <span className={`sentiment sentiment-${video.sentiment ?? 'none'}`}>{sentimentText(video)}</span>
            </td>
            {/* The buttons handle their own clicks, so the row's click does not run as well. */}
            <td className="cell-actions" onClick={(e) => e.stopPropagation()}>
              <Button variant="secondary" className="btn-small" aria-label={`View ${title}`} onClick={() => onView(video)}>
                View
              </Button>
              <Button
                className="btn-small"
                aria-label={`Details: ${title}`}
                onClick={() => void navigate(`/dashboard/meeting/${encodeURIComponent(video.id)}`, { state: { video } })}
              >
                Details
              </Button>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
