import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TDeal } from '@pipewise/contract/deals';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SaveChangesDialog } from './save-changes-dialog';
import { useConfirmedEdit } from './use-confirmed-edit';

/** The deal's text fields the screen edits in a dialog, with their limits (the contract's). */
export type DealTextField = 'dealname' | 'nextsteps' | 'painpoints' | 'kdm' | 'summary';
const MAX_LENGTH: Record<DealTextField, number> = { dealname: 300, nextsteps: 10_000, painpoints: 10_000, kdm: 1000, summary: 20_000 };

type DealFieldEditProps = { deal: TDeal; field: DealTextField; title: string };

/**
 * 'Edit {title}': a dialog with the field's text; Save there asks 'Save Changes' like every edit
 * of the deal. A name is required; any other text may be emptied (cleared).
 */
export function DealFieldEdit({ deal, field, title }: DealFieldEditProps) {
  const edit = useConfirmedEdit(deal);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const multiline = field !== 'dealname' && field !== 'kdm';

  const start = () => {
    setText(deal[field] ?? '');
    setError(null);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (field === 'dealname' && !value) {
      setError('Deal name is required');
      return;
    }
    setOpen(false);
    if (value === (deal[field] ?? '').trim()) return;
    edit.request({ [field]: value || null });
  };

  return (
    <>
      <Button variant="ghost" className="deal-edit-button" aria-label={`Edit ${title}`} onClick={start}>
        <Pencil size={14} aria-hidden="true" />
        Edit
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Edit ${title}`}>
        <form onSubmit={submit} noValidate>
          <FormField label={title} error={error}>
            {(control) =>
              multiline ? (
                <textarea
                  className="input deal-edit-textarea"
                  {...control}
                  maxLength={MAX_LENGTH[field]}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  data-autofocus
                />
              ) : (
                <input
                  className="input"
                  {...control}
                  maxLength={MAX_LENGTH[field]}
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    setError(null);
                  }}
                  data-autofocus
                />
              )
            }
          </FormField>
          <DialogActions label="Save" busyLabel="Saving..." busy={false} />
        </form>
      </Dialog>
      <SaveChangesDialog open={edit.pending !== null} saving={edit.saving} onSave={() => void edit.confirm()} onCancel={edit.cancel} />
    </>
  );
}
