import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { backgroundCheckContentSchema } from '@touchline/contracts/background-checks';
import { ageVerificationContentSchema } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { sexOffenderSearchContentSchema } from '@touchline/contracts/sex-offender-search';
import { TypeContentFields } from './type-content-fields.tsx';

function Harness({
  seen,
  type = RequirementType.BackgroundCheck,
}: {
  seen: Record<string, unknown>[];
  type?: number;
}) {
  const [content, setContent] = useState<Record<string, unknown>>({});
  return (
    <TypeContentFields
      type={type}
      content={content}
      errors={{}}
      file={null}
      onChange={(next) => {
        seen.push(next);
        setContent(next);
      }}
      onFile={() => {}}
    />
  );
}

const render = (element: React.ReactElement) => renderRoutes([{ path: '/', element }], '/');
const orgId = '55555555-5555-4555-8555-555555555555';
const profile = {
  id: 'profile-1',
  userId: 'user-1',
  organizationId: orgId,
  organizationPhoto: null,
  organizationName: 'Riverside Youth Soccer League',
  organizationPaymentMethodProvided: false,
  organizationContent: [],
  userAwaitingIndividualPaymentContent: [],
  backgroundCheckPaymentInfo: [],
  aptPaymentInfo: [],
  hierarchyLevelId: null,
  currentLevelId: null,
  currentLevelName: null,
  currentLevelRole: null,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.org',
  tabs: [],
  roles: ['Admin'],
  levelRoles: [],
  remember: false,
  pendingReviewCount: null,
  profileContactInformationId: null,
  profileId: 'profile-1',
  profilePicture: null,
  profileLevelAccesses: [],
  profilesWithPlas: [],
  partner: null,
  yardstikOnboardingStatus: 'Activated',
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the background-check definition fields', () => {
  it('choose the package from the vendor’s list for the organization’s client', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: {
        status: 200,
        body: [{ id: 'account', agencyId: 'yardstik', name: 'Yardstik sandbox account' }],
      },
      [`GET /api/app/organization/${orgId}/background-check-products/account`]: {
        status: 200,
        body: [
          { id: 'pkg-1', name: 'Volunteer Standard', searches: ['SSN Trace', 'National Criminal Search'] },
          { id: 'pkg-2', name: 'Sex Offender Search', searches: ['Sex Offender Registry'] },
        ],
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Background-check vendor' }),
      'Yardstik',
    );
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Package' }), 'pkg-2');
    expect(screen.queryByRole('textbox', { name: /Package id/ })).not.toBeInTheDocument();
    expect(backgroundCheckContentSchema.parse(seen.at(-1))).toEqual({
      vendor: 'Yardstik',
      clientId: null,
      packageId: 'pkg-2',
      packageName: 'Sex Offender Search',
      packageSearches: ['Sex Offender Registry'],
      payer: 'organization',
    });
  });

  it('name the vendor, and for Yardstik the package and who pays, as the content schema reads them', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: { status: 200, body: [] },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Background-check vendor' }),
      'Yardstik',
    );
    expect(await screen.findByText(/Add this vendor’s client/)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Package id/ }), 'pkg-1');
    await userEvent.type(screen.getByRole('textbox', { name: /Package name/ }), 'Volunteer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who pays' }), 'member');
    const last = seen.at(-1)!;
    expect(backgroundCheckContentSchema.parse(last)).toEqual({
      vendor: 'Yardstik',
      clientId: null,
      packageId: 'pkg-1',
      packageName: 'Volunteer',
      packageSearches: null,
      payer: 'member',
    });
    expect(backgroundCheckContentSchema.safeParse({ vendor: 'Yardstik' }).success).toBe(false);
  });
});

describe('the background-check definition fields for a TazWorks-platform agency', () => {
  it('choose the package of the organization’s client at the agency and keep that client', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: {
        status: 200,
        body: [
          { id: 'account', agencyId: 'yardstik', name: 'Yardstik sandbox account' },
          { id: 'c-guid-1', agencyId: 'jdp', name: 'Demo league (sandbox client)' },
        ],
      },
      [`GET /api/app/organization/${orgId}/background-check-products/c-guid-1`]: {
        status: 200,
        body: [{ id: 'prod-9', name: 'Volunteer Basic', searches: ['County Criminal'] }],
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Background-check vendor' }),
      'TazWorks',
    );
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Package' }), 'prod-9');
    expect(backgroundCheckContentSchema.parse(seen.at(-1))).toEqual({
      vendor: 'TazWorks',
      clientId: 'c-guid-1',
      packageId: 'prod-9',
      packageName: 'Volunteer Basic',
      packageSearches: ['County Criminal'],
      payer: 'organization',
    });
  });
});

describe('the background-check definition fields with clients at two TazWorks-platform agencies', () => {
  it('name each client by its agency, and list the packages of the one chosen', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: {
        status: 200,
        body: [
          { id: 'c-jdp', agencyId: 'jdp', name: 'League at JDP' },
          { id: 'c-ncsi', agencyId: 'ncsi', name: 'League at NCSI' },
        ],
      },
      [`GET /api/app/organization/${orgId}/background-check-products/c-jdp`]: {
        status: 200,
        body: [{ id: 'prod-j', name: 'JDP Volunteer', searches: ['County Criminal'] }],
      },
      [`GET /api/app/organization/${orgId}/background-check-products/c-ncsi`]: {
        status: 200,
        body: [{ id: 'prod-n', name: 'NCSI Volunteer', searches: ['National Criminal'] }],
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Background-check vendor' }),
      'TazWorks',
    );
    const clientPick = await screen.findByRole('combobox', { name: 'Agency and client account' });
    expect(screen.getByRole('option', { name: 'JDP — League at JDP' })).toBeInTheDocument();
    await userEvent.selectOptions(clientPick, 'c-ncsi');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Package' }), 'prod-n');
    expect(backgroundCheckContentSchema.parse(seen.at(-1))).toMatchObject({
      vendor: 'TazWorks',
      clientId: 'c-ncsi',
      packageId: 'prod-n',
      packageName: 'NCSI Volunteer',
    });
  });
});

describe('the sex offender search definition fields', () => {
  it('show the yearly default, take a cadence and a package, and read "empty" as never re-run', async () => {
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.SexOffenderSearch} />);
    const cadence = screen.getByRole('spinbutton', { name: 'Run the search again every (days)' });
    expect(cadence).toHaveValue(365);
    await userEvent.clear(cadence);
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: null,
      rerunEveryDays: null,
      monitorContinuously: false,
      monitorPackageId: null,
    });
    await userEvent.type(cadence, '180');
    await userEvent.type(screen.getByRole('textbox', { name: /Package id/ }), 'pkg-sor');
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: 'pkg-sor',
      rerunEveryDays: 180,
      monitorContinuously: false,
      monitorPackageId: null,
    });
  });
});

describe('the sex offender search package picker', () => {
  it('choose the package from the Yardstik client’s list, empty meaning the account’s sex offender product', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: {
        status: 200,
        body: [{ id: 'account', agencyId: 'yardstik', name: 'Yardstik sandbox account' }],
      },
      [`GET /api/app/organization/${orgId}/background-check-products/account`]: {
        status: 200,
        body: [
          { id: 'pkg-2', name: 'Sex Offender Search', searches: ['Sex Offender Registry'], kind: 'report' },
          {
            id: 'pkg-3',
            name: 'Sex Offender Registry Monitoring',
            searches: ['Sex Offender Registry'],
            kind: 'monitor',
          },
        ],
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.SexOffenderSearch} />);
    const picker = await screen.findByRole('combobox', { name: 'Package' });
    expect(screen.getByRole('option', { name: 'The account’s sex offender search product' })).toBeVisible();
    // A monitor package is not ordered: the search's picker leaves it out.
    expect(screen.queryByRole('option', { name: /Registry Monitoring/ })).toBeNull();
    await userEvent.selectOptions(picker, 'pkg-2');
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: 'pkg-2',
      rerunEveryDays: 365,
      monitorContinuously: false,
      monitorPackageId: null,
    });
    expect(screen.queryByRole('combobox', { name: 'Monitor package' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Monitor continuously/ }));
    const monitor = await screen.findByRole('combobox', { name: 'Monitor package' });
    expect(screen.getByRole('option', { name: 'The account’s sex offender registry monitor' })).toBeVisible();
    expect(Array.from(monitor.querySelectorAll('option')).map((o) => o.value)).toEqual(['', 'pkg-3']);
    await userEvent.selectOptions(monitor, 'pkg-3');
    expect(sexOffenderSearchContentSchema.parse(seen.at(-1))).toEqual({
      packageId: 'pkg-2',
      rerunEveryDays: 365,
      monitorContinuously: true,
      monitorPackageId: 'pkg-3',
    });
  });
});

describe('the abuse-prevention training definition fields', () => {
  it('choose the course from the provider’s list, empty meaning the default course', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/training-courses`]: {
        status: 200,
        body: {
          provider: 'talentlms',
          sandbox: true,
          defaultCourseId: '101',
          courses: [
            { id: '101', name: 'Abuse Prevention Training (sandbox course)' },
            { id: '102', name: 'Abuse Prevention Refresher (sandbox course)' },
          ],
        },
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.AbusePreventionTraining} />);
    const picker = await screen.findByRole('combobox', { name: /Course \(the sandbox’s courses/ });
    expect(
      screen.getByRole('option', { name: /The default course \(Abuse Prevention Training/ }),
    ).toBeVisible();
    await userEvent.selectOptions(picker, '102');
    expect(seen.at(-1)).toEqual({
      courseId: '102',
      courseName: 'Abuse Prevention Refresher (sandbox course)',
    });
    await userEvent.selectOptions(picker, '');
    expect(seen.at(-1)).toEqual({ courseId: null, courseName: null });
  });

  it('take a typed course id when the provider’s list cannot be read', async () => {
    serveGlobally({
      'GET /api/app/profile': { status: 200, body: profile },
      [`GET /api/app/organization/${orgId}/training-courses`]: {
        status: 409,
        body: { error: { message: 'x' } },
      },
    });
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.AbusePreventionTraining} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Course id at the provider' }), '7');
    expect(seen.at(-1)).toEqual({ courseId: '7', courseName: null });
  });
});

describe('the age verification definition fields (ADR 039 "Citizenship")', () => {
  it('choose what a member born abroad must show; a grade-only verification asks nothing of citizenship', async () => {
    const seen: Record<string, unknown>[] = [];
    render(<Harness seen={seen} type={RequirementType.AgeVerification} />);
    const group = screen.getByRole('group', { name: 'From a member born abroad, accept only' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Government Issued Passport' }));
    expect(ageVerificationContentSchema.parse(seen.at(-1))).toEqual({
      kind: 'Age',
      abroadProofTypes: ['GovernmentIssuedPassport'],
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Government Issued Passport' }));
    expect(ageVerificationContentSchema.parse(seen.at(-1)).abroadProofTypes).toEqual([]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What members prove' }), 'Grade');
    expect(group).not.toBeInTheDocument();
  });
});
