import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { registerInterest } from '../api/register-interest';
import { AuthLayout } from './auth-layout';

const PHONE_PREFIX = '+91';

function stateEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function NotCustomerPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => stateEmail(location.state));
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [employees, setEmployees] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await registerInterest({
        email: email.trim(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        phoneNumber: PHONE_PREFIX + phone.replace(/\D/g, ''),
        numEmployees: Number(employees),
      });
      const name = `${firstName.trim()} ${lastName.trim()}`.trim();
      await navigate('/pending-approval', { state: { email: email.trim(), name } });
    } catch {
      // The spec: a failed request is silent; the button simply comes back.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">Not a customer?</h1>
      <p className="auth-subtitle">Drop us your contact and we will reach out to you</p>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <TextField
          label="Work email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="field-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <TextField
          label="Phone number"
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          required
          prefix={PHONE_PREFIX}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <TextField
          label="Number of employees"
          type="number"
          name="numEmployees"
          min={1}
          step={1}
          required
          value={employees}
          onChange={(e) => setEmployees(e.target.value)}
        />
        <Button type="submit" block disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Submitting...' : 'Submit'}
        </Button>
      </form>
      <p className="auth-footer-link">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
