import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AlertMessage } from '../../../components/ui/alert-message';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/http';
import type { TStakeholder } from '../api/get-deal-stakeholders';
import { useSetDealStakeholders } from '../api/set-deal-stakeholders';
import { ContactsPicker, type ContactChoice } from './contacts-picker';

const SAVE_FAILED = 'The stakeholders could not be saved. Please try again.';

type DealStakeholdersEditProps = { dealId: string; companyId: string | null; current: readonly TStakeholder[] };

/** 'Edit stakeholders': add contacts the caller sees (of the deal's company, when it has one) or remove them, then Save. */
export function DealStakeholdersEdit({ dealId, companyId, current }: DealStakeholdersEditProps) {
  const save = useSetDealStakeholders(dealId);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ContactChoice[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync(chosen.map((c) => c.id));
      setOpen(false);
      toast.success('Stakeholders saved');
    } catch (error) {
      setFailure(isApiError(error) && error.detail ? error.detail : SAVE_FAILED);
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          setChosen(current.map((s) => ({ id: s.id, name: `${s.firstname} ${s.lastname}`.trim() })));
          setFailure(null);
          setOpen(true);
        }}
      >
        Edit stakeholders
      </Button>
      <Dialog open={open} onOpenChange={(next) => !save.isPending && setOpen(next)} title="Edit stakeholders">
        <form onSubmit={(e) => void submit(e)}>
          {failure ? <AlertMessage>{failure}</AlertMessage> : null}
          <ContactsPicker value={chosen} onChange={setChosen} companyId={companyId} />
          <DialogActions label="Save" busyLabel="Saving..." busy={save.isPending} />
        </form>
      </Dialog>
    </>
  );
}
