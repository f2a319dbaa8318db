import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TDeal } from '@pipewise/contract/deals';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SaveChangesDialog } from './save-changes-dialog';
import { useConfirmedEdit } from './use-confirmed-edit';

/** The names typed, comma separated, each once (the first spelling kept). */
function namesOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '' && !seen.has(n.toLowerCase()) && Boolean(seen.add(n.toLowerCase())));
}

/** 'Edit Competitors': the names, comma separated; Save asks 'Save Changes' like every edit of the deal. Kept in Pipewise only. */
export function DealCompetitorsEdit({ deal }: { deal: TDeal }) {
  const edit = useConfirmedEdit(deal);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    const names = namesOf(text);
    if (names.join(',') === deal.competitors.join(',')) return;
    edit.request({ competitors: names });
  };
  return (
    <>
      <Button
        variant="ghost"
        className="deal-edit-button"
        aria-label="Edit Competitors"
        onClick={() => {
          setText(deal.competitors.join(', '));
          setOpen(true);
        }}
      >
        <Pencil size={14} aria-hidden="true" />
        Edit
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit Competitors">
        <form onSubmit={submit} noValidate>
          <FormField label="Competitors (comma separated)">
            {(control) => (
              <input
                className="input"
                {...control}
                value={text}
                maxLength={3000}
                onChange={(e) => setText(e.target.value)}
                data-autofocus
              />
            )}
          </FormField>
          <DialogActions label="Save" busyLabel="Saving..." busy={false} />
        </form>
      </Dialog>
      <SaveChangesDialog open={edit.pending !== null} saving={edit.saving} onSave={() => void edit.confirm()} onCancel={edit.cancel} />
    </>
  );
}
