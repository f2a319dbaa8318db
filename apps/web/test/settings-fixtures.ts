import type { TRegistrationRequest } from '@pipewise/contract/registrations';
import type { TUserRow } from '@pipewise/contract/users';

export function userRow(overrides: Partial<TUserRow> = {}): TUserRow {
  const first = overrides.first_name ?? 'Asha';
  const last = overrides.last_name ?? 'Rao';
  return {
    id: 'u1',
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: 'asha@acme.test',
    phone_number: '9876543210',
    team: 'Leadership',
    role: 'admin',
    access: 'admin',
    status: 'active',
    reports_to: null,
    reports_to_email: null,
    last_login: '2025-03-04T10:15:00.000Z',
    is_onboarded: true,
    ...overrides,
  };
}

export function registrationRequest(overrides: Partial<TRegistrationRequest> = {}): TRegistrationRequest {
  return {
    id: '7c1d9a6e-0000-4000-8000-000000000001',
    email: 'neha@acme.test',
    first_name: 'Neha',
    last_name: 'Kapoor',
    phone_number: '+919876543210',
    num_employees: 40,
    requested_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
