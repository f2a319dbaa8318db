import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { truncate } from '../../../lib/format';

const PREVIEW_CHARS = 150;

/** Summary, Pain Points or Next Steps: a 150-character preview, the full text in a popup. */
export function DealTextCard({ title, text }: { title: string; text: string | null }) {
  const [open, setOpen] = useState(false);
  const content = text?.trim() ?? '';
  const preview = truncate(content, PREVIEW_CHARS);
  const headingId = `deal-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="deal-card deal-text-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="deal-card-title">
        {title}
      </h3>
      <p className={content ? 'deal-text' : 'deal-text muted'}>{content ? preview.text : 'Nothing recorded yet'}</p>
      {preview.truncated ? (
        <>
          <Button variant="link" className="read-more" aria-label={`Read more: ${title}`} onClick={() => setOpen(true)}>
            Read more
          </Button>
          <Dialog open={open} onOpenChange={setOpen} title={title}>
            <p className="deal-text-full">{content}</p>
          </Dialog>
        </>
      ) : null}
    </section>
  );
}
