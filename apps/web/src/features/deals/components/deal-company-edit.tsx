import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TDeal } from '@pipewise/contract/deals';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { CompanyPicker, type CompanyChoice } from './company-picker';
import { SaveChangesDialog } from './save-changes-dialog';
import { useConfirmedEdit } from './use-confirmed-edit';

const choiceOf = (deal: TDeal): CompanyChoice | null =>
  deal.company_id ? { kind: 'existing', id: deal.company_id, name: deal.company_name ?? 'Company' } : null;

/** The deal's company, and 'Change company': pick another one the caller sees, or none; saved after 'Save Changes'. */
export function DealCompanyEdit({ deal }: { deal: TDeal }) {
  const edit = useConfirmedEdit(deal);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<CompanyChoice | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    const id = choice?.kind === 'existing' ? choice.id : null;
    if (id !== deal.company_id) edit.request({ company_id: id });
  };

  return (
    <div className="deal-company-line">
      <Building2 size={16} aria-hidden="true" />
      <span>
        Company: <strong>{deal.company_name ?? 'None'}</strong>
      </span>
      <Button
        variant="ghost"
        onClick={() => {
          setChoice(choiceOf(deal));
          setOpen(true);
        }}
      >
        Change company
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Change company" description="Pick the company this deal is with, or none.">
        <form onSubmit={submit}>
          <CompanyPicker value={choice} onChange={setChoice} allowCreate={false} />
          <DialogActions label="Save" busyLabel="Saving..." busy={false} />
        </form>
      </Dialog>
      <SaveChangesDialog open={edit.pending !== null} saving={edit.saving} onSave={() => void edit.confirm()} onCancel={edit.cancel} />
    </div>
  );
}
