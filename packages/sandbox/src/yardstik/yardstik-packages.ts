/** An account package (a set of screenings the account may order). */
export type YardstikAccountPackage = {
  id: string;
  package_id: string;
  package: string;
  name: string;
  package_system_name: string;
  action_type: 'report' | 'monitor';
  screenings: { id: string; name: string; label: string; screening_type: string }[];
  intake_fields: { name: string; type: string; label: string; required: boolean }[];
};

const intakeFields = [
  { name: 'first_name', type: 'string', label: 'First Name', required: true },
  { name: 'last_name', type: 'string', label: 'Last Name', required: true },
  { name: 'date_of_birth', type: 'date', label: 'Date of Birth', required: true },
  { name: 'ssn', type: 'string', label: 'Social Security Number', required: true },
];

/** The packages every sandbox account starts with (ids fixed so demos and tests can name them). */
export const sandboxPackages: YardstikAccountPackage[] = [
  {
    id: '3c1d5e8a-0b6f-4a57-9d34-7a2f1c9e0b01',
    package_id: '9f2e0c4b-5d1a-4e8f-b3c7-1a6d2e9f0c11',
    package: 'Volunteer Standard',
    name: 'Volunteer Standard',
    package_system_name: 'volunteer_standard',
    action_type: 'report',
    screenings: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        name: 'SSNTrace',
        label: 'SSN Trace',
        screening_type: 'SSN Trace',
      },
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000002',
        name: 'NationalCriminal',
        label: 'National Criminal Search',
        screening_type: 'Criminal',
      },
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        name: 'SexOffender',
        label: 'Sex Offender Registry',
        screening_type: 'Sex Offender',
      },
    ],
    intake_fields: intakeFields,
  },
  {
    id: '3c1d5e8a-0b6f-4a57-9d34-7a2f1c9e0b02',
    package_id: '9f2e0c4b-5d1a-4e8f-b3c7-1a6d2e9f0c12',
    package: 'Sex Offender Search',
    name: 'Sex Offender Search',
    package_system_name: 'sex_offender_search',
    action_type: 'report',
    screenings: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        name: 'SexOffender',
        label: 'Sex Offender Registry',
        screening_type: 'Sex Offender',
      },
    ],
    intake_fields: intakeFields.slice(0, 3),
  },
  {
    // A monitor account package (Yardstik configures these per account): candidates are enrolled, not ordered.
    id: '3c1d5e8a-0b6f-4a57-9d34-7a2f1c9e0b03',
    package_id: '9f2e0c4b-5d1a-4e8f-b3c7-1a6d2e9f0c13',
    package: 'Sex Offender Registry Monitoring',
    name: 'Sex Offender Registry Monitoring',
    package_system_name: 'sex_offender_registry_monitoring',
    action_type: 'monitor',
    screenings: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        name: 'SexOffender',
        label: 'Sex Offender Registry',
        screening_type: 'Sex Offender',
      },
    ],
    intake_fields: intakeFields.slice(0, 3),
  },
];
