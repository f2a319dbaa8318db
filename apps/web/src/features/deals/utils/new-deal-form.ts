import { parseAmount } from '@pipewise/contract/deals';
import type { CreateDealInput } from '../api/create-deal';
import type { CompanyChoice } from '../components/company-picker';
import type { ContactChoice } from '../components/contacts-picker';

/** The New Deal form as typed. */
export type NewDealForm = {
  dealname: string;
  pipeline: string;
  dealstage: string;
  amount: string;
  closedate: string;
  owner: string;
  company: CompanyChoice | null;
  contacts: ContactChoice[];
};

export type NewDealErrors = Partial<
  Record<'dealname' | 'pipeline' | 'dealstage' | 'amount' | 'closedate' | 'owner' | 'company' | 'contacts', string>
>;

/** The API's field names (and the body's own) on the form's fields, for a 400's field messages. */
const FIELD_OF: Record<string, keyof NewDealErrors> = {
  dealname: 'dealname',
  pipeline: 'pipeline',
  dealstage: 'dealstage',
  amount: 'amount',
  closedate: 'closedate',
  dealowner: 'owner',
  company_id: 'company',
  company_name: 'company',
  contact_ids: 'contacts',
};

/** The form's problems before anything is sent (empty: none), or the body to send. */
export function checkNewDeal(form: NewDealForm): { errors: NewDealErrors; body: CreateDealInput | null } {
  const errors: NewDealErrors = {};
  if (!form.dealname.trim()) errors.dealname = 'Deal name is required';
  if (!form.pipeline) errors.pipeline = 'Please choose a pipeline';
  if (!form.dealstage) errors.dealstage = 'Please choose a stage';
  let amount: string | undefined;
  if (form.amount.trim()) {
    const parsed = parseAmount(form.amount);
    if (parsed.ok) amount = parsed.value;
    else errors.amount = parsed.message;
  }
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      dealname: form.dealname.trim(),
      pipeline: form.pipeline,
      dealstage: form.dealstage,
      ...(amount !== undefined ? { amount } : {}),
      ...(form.closedate ? { closedate: form.closedate } : {}),
      ...(form.owner ? { dealowner: form.owner } : {}),
      ...(form.company?.kind === 'existing' ? { company_id: form.company.id } : {}),
      ...(form.company?.kind === 'new' ? { company_name: form.company.name } : {}),
      ...(form.contacts.length ? { contact_ids: form.contacts.map((c) => c.id) } : {}),
    },
  };
}

/** A 400's field messages on the form's fields (those it does not know stay with the general message). */
export function fieldErrorsOf(errors: readonly { field: string; message: string }[]): NewDealErrors {
  const out: NewDealErrors = {};
  for (const e of errors) {
    const field = FIELD_OF[e.field.split('.')[0] ?? ''];
    if (field && !out[field]) out[field] = e.message;
  }
  return out;
}
