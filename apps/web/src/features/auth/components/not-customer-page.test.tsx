import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { NotCustomerPage } from './not-customer-page';

function fillForm() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Neha' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Kapoor' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '98765 43210' } });
  fireEvent.change(screen.getByLabelText('Number of employees'), { target: { value: '40' } });
}

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Not-customer screen', () => {
  it('prefills the email, shows the +91 prefix and marks every field required', async () => {
    fakeApi({});
    renderScreen('/not-customer', <NotCustomerPage />, { pathname: '/not-customer', state: { email: 'neha@new.test' } });
    expect(await screen.findByRole('heading', { name: 'Not a customer?' })).toBeInTheDocument();
    expect(screen.getByText('Drop us your contact and we will reach out to you')).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveValue('neha@new.test');
    expect(screen.getByText('+91')).toBeInTheDocument();
    for (const label of ['Work email', 'First name', 'Last name', 'Phone number', 'Number of employees']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Number of employees')).toHaveAttribute('type', 'number');
  });

  it('disables submit while the request is in flight, then moves on to the pending screen', async () => {
    const reply = deferred();
    const api = fakeApi({ 'POST /api/auth/register-interest': () => reply.promise });
    renderScreen('/not-customer', <NotCustomerPage />, { pathname: '/not-customer', state: { email: 'neha@new.test' } });
    await screen.findByRole('heading', { name: 'Not a customer?' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(callsTo(api, 'POST', '/api/auth/register-interest')[0]?.body).toEqual({
      email: 'neha@new.test',
      firstName: 'Neha',
      lastName: 'Kapoor',
      phoneNumber: '+919876543210',
      numEmployees: 40,
    });
    reply.resolve(json({ status: 'pending' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/pending-approval{"email":"neha@new.test","name":"Neha Kapoor"}');
  });

  it('fails silently and re-enables the button', async () => {
    fakeApi({ 'POST /api/auth/register-interest': () => json({ detail: 'nope' }, 500) });
    renderScreen('/not-customer', <NotCustomerPage />, { pathname: '/not-customer', state: { email: 'neha@new.test' } });
    await screen.findByRole('heading', { name: 'Not a customer?' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
