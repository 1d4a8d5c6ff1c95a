import {
  noonUtc,
  OPERATING_COMPANY_ID,
  type PilotAvailability,
  shouldDeletePilot,
  UNSELECTED_ID,
  type UserCreateRequest,
  type UserItem,
} from '@linewalker/domain';

/** What the Add/Edit User modal edits: the details step, the pilot toggle and the pilot-details step. */
export interface UserFormState {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** 'YYYY-MM-DD', or '' when not chosen. */
  start_date: string;
  role_id: number;
  company_id: number;
  status: 0 | 1;
  is_pilot: boolean;
  availability: PilotAvailability;
  license_expiration: string;
  home_base: string;
  aircraft: string;
  proficiencies: string[];
  certifications: string[];
  skills: string[];
}

/** A new user: status active and availability 'available' (spec 3 §9), nothing chosen yet. */
export function initialUserForm(user?: UserItem): UserFormState {
  const pilot = user?.pilot && user.pilot.pilot_deleted_date === null ? user.pilot : null;
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    start_date: user?.start_date ?? '',
    role_id: user?.role_id ?? UNSELECTED_ID,
    company_id: user?.company_id ?? UNSELECTED_ID,
    status: user?.status === 0 ? 0 : 1,
    is_pilot: pilot !== null,
    // A pilot record that was ended keeps its details: turning the toggle back on starts from them.
    availability: user?.pilot?.availability ?? 'available',
    license_expiration: user?.pilot?.license_expiration ?? '',
    home_base: user?.pilot?.home_base ?? '',
    aircraft: user?.pilot?.aircraft ?? '',
    proficiencies: user?.pilot?.proficiencies ?? [],
    certifications: user?.pilot?.certifications ?? [],
    skills: user?.pilot?.skills ?? [],
  };
}

/** The pilot toggle shows only for company 1 (spec 3 §2, §5). */
export const mayBePilot = (values: Pick<UserFormState, 'company_id'>) =>
  values.company_id === OPERATING_COMPANY_ID;

/** The payload of spec 3 §7: dates as noon UTC, status a number, pilot or null, delete_pilot. */
export function userPayload(values: UserFormState, user?: UserItem): UserCreateRequest {
  const pilotOn = values.is_pilot && mayBePilot(values);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    start_date: noonUtc(values.start_date),
    role_id: values.role_id,
    company_id: values.company_id,
    status: values.status,
    pilot: pilotOn
      ? {
          availability: values.availability,
          license_expiration: noonUtc(values.license_expiration),
          home_base: values.home_base.trim(),
          aircraft: values.aircraft.trim() || null,
          proficiencies: values.proficiencies,
          certifications: values.certifications,
          skills: values.skills,
          attributes: [],
        }
      : null,
    delete_pilot: shouldDeletePilot(user?.pilot, pilotOn),
  };
}
