import { useId, useState, type ReactNode } from 'react';
import { MEETING_PREVIEW_CHARS } from '@pipewise/contract/videos';
import { Button } from '../../../components/ui/button';
import { truncate } from '../../../lib/format';

type ExpandableTextProps = {
  /** Names the Read More button for screen readers, e.g. 'Meeting Summary'. */
  name: string;
  /** The whole content as plain text, for the 100-character preview. */
  text: string;
  /** How the whole content shows once expanded (defaults to the text). */
  full?: ReactNode;
};

/** A 100-character preview with Read More, and the whole content with Show Less. */
export function ExpandableText({ name, text, full }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const preview = truncate(text, MEETING_PREVIEW_CHARS);
  return (
    <div className="expandable">
      <div id={contentId}>
        {expanded ? (full ?? <p className="meeting-text">{text}</p>) : <p className="meeting-text">{preview.text}</p>}
      </div>
      {preview.truncated ? (
        <Button
          variant="link"
          className="meeting-read-more"
          aria-expanded={expanded}
          aria-controls={contentId}
          aria-label={`${expanded ? 'Show Less' : 'Read More'}: ${name}`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show Less' : 'Read More'}
        </Button>
      ) : null}
    </div>
  );
}
