import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { truncate } from '../../../lib/format';

const PREVIEW_CHARS = 150;

/** Summary, Pain Points or Next Steps: a 150-character preview, the full text in a popup; `action` e.g. its Edit button. */
export function DealTextCard({ title, text, action }: { title: string; text: string | null; action?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const content = text?.trim() ?? '';
  const preview = truncate(content, PREVIEW_CHARS);
  return (
    <Card raised className="deal-text-card" title={title}>
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
      {action}
    </Card>
  );
}
