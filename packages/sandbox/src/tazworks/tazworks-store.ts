import { randomBytes, randomUUID } from 'node:crypto';
import { VendorError } from '../harness.ts';
import { tazworksOutcomeFor, type TazworksOrderStatus } from './tazworks-outcomes.ts';

/** A client (the CRA's customer account, one per organization) as TazAPI answers it. */
export type TazworksClient = {
  clientGuid: string;
  name: string;
  code: string;
  status: 'ACTIVE' | 'INACTIVE';
  contactName: string;
  contactEmail: string;
  createdBy: string;
  modifiedDate: number;
  modifiedBy: string;
};

/** A product the client may order (`usesQuickapp`: the applicant fills in their own details). */
export type TazworksClientProduct = {
  clientProductGuid: string;
  productGuid: string;
  productName: string;
  dateModified: number;
  modifiedBy: string;
  usesQuickapp: boolean;
};

/** An applicant as TazAPI answers it (the fields we use of its published shape). */
export type TazworksApplicant = {
  applicantGuid: string;
  textingEnabled: boolean;
  firstName: string;
  noMiddleName: boolean;
  middleName?: string;
  lastName: string;
  email: string;
  dateOfBirth?: string;
  createdDate: number;
  createdBy: string;
  modifiedDate: number;
  modifiedBy: string;
  version: number;
};

/** An order as TazAPI answers it. */
export type TazworksOrder = {
  orderGuid: string;
  fileNumber: number;
  orderStatus: TazworksOrderStatus;
  orderType: string;
  orderedDate: number;
  externalIdentifier?: string;
  completedDate?: number;
  applicantName: string;
  clientName: string;
  clientCode: string;
  productName: string;
  requestedBy: string;
  searchFlagged: boolean;
  quickappApplicantLink?: string;
  createdDate: number;
  createdBy: string;
  modifiedDate: number;
  clientProductGuid: string;
  applicantEmail: string;
  applicantGuid: string;
  totalCharges: number;
  includedSearches: string[];
  quickappInfo?: {
    daysActive: number;
    dateExpires: number;
    notificationsSentByEmail: number;
    emailUsed: string;
    textsSent: number;
    remindersSent: number;
  };
};

/** How long research takes once the applicant has submitted the QuickApp (advance the sandbox clock past it). */
export const tazworksResearchMs = 86_400_000;
/** How long a QuickApp link stays open. */
export const quickappDaysActive = 7;

const requestedBy = 'Touchline Sandbox API application';

/**
 * The sandbox CRA's state: one client per organization, the products it may order, applicants and orders. Orders
 * move by the sandbox clock: `app-pending` until the applicant submits the QuickApp, `pending` for a research day,
 * then the outcome of the applicant's last name.
 */
export class TazworksStore {
  readonly clients = new Map<string, TazworksClient>();
  readonly products = new Map<string, TazworksClientProduct[]>();
  readonly applicants = new Map<string, TazworksApplicant & { clientGuid: string }>();
  readonly orders = new Map<
    string,
    TazworksOrder & { clientGuid: string; quickappToken: string; submittedAt?: number }
  >();
  private nextFileNumber = 570_001;

  constructor(
    private readonly baseUrl: () => string,
    private readonly now: () => Date,
  ) {}

  addClient(name: string, clientGuid: string = randomUUID()): TazworksClient {
    const at = this.now().getTime();
    const client: TazworksClient = {
      clientGuid,
      name,
      code: randomUUID(),
      status: 'ACTIVE',
      contactName: 'Sandbox contact',
      contactEmail: 'contact@sandbox.invalid',
      createdBy: requestedBy,
      modifiedDate: at,
      modifiedBy: requestedBy,
    };
    this.clients.set(clientGuid, client);
    this.products.set(clientGuid, [
      this.product(
        'Volunteer Basic: SSN trace, national criminal, sex offender registry',
        '7f3d1c62-1d7e-4b3a-9c51-3b0f2a1e9d01',
      ),
      this.product(
        'Volunteer Plus: Basic with county criminal (7 years)',
        '7f3d1c62-1d7e-4b3a-9c51-3b0f2a1e9d02',
      ),
    ]);
    return client;
  }

  private product(productName: string, productGuid: string): TazworksClientProduct {
    return {
      clientProductGuid: randomUUID(),
      productGuid,
      productName,
      dateModified: this.now().getTime(),
      modifiedBy: requestedBy,
      usesQuickapp: true,
    };
  }

  client(clientGuid: string): TazworksClient {
    const client = this.clients.get(clientGuid);
    if (!client)
      throw new VendorError(404, { code: 'NOT_FOUND', message: `Client ${clientGuid} was not found.` });
    return client;
  }

  createApplicant(clientGuid: string, body: Record<string, unknown>): TazworksApplicant {
    this.client(clientGuid);
    const missing = ['firstName', 'lastName'].filter(
      (f) => typeof body[f] !== 'string' || !String(body[f]).trim(),
    );
    if (missing.length > 0)
      throw new VendorError(400, {
        code: 'VALIDATION_EXCEPTION',
        message: `${missing.join(', ')} must not be blank.`,
      });
    const at = this.now().getTime();
    const applicant = {
      applicantGuid: randomUUID(),
      textingEnabled: false,
      firstName: String(body.firstName),
      noMiddleName: !body.middleName,
      ...(typeof body.middleName === 'string' ? { middleName: body.middleName } : {}),
      lastName: String(body.lastName),
      email: typeof body.email === 'string' ? body.email : '',
      ...(typeof body.dateOfBirth === 'string' ? { dateOfBirth: body.dateOfBirth } : {}),
      createdDate: at,
      createdBy: requestedBy,
      modifiedDate: at,
      modifiedBy: requestedBy,
      version: 1,
      clientGuid,
    };
    this.applicants.set(applicant.applicantGuid, applicant);
    return publicApplicant(applicant);
  }

  applicant(clientGuid: string, applicantGuid: string): TazworksApplicant {
    const applicant = this.applicants.get(applicantGuid);
    if (!applicant || applicant.clientGuid !== clientGuid)
      throw new VendorError(404, { code: 'NOT_FOUND', message: `Applicant ${applicantGuid} was not found.` });
    return publicApplicant(applicant);
  }

  createOrder(clientGuid: string, body: Record<string, unknown>): TazworksOrder {
    const client = this.client(clientGuid);
    const applicant = this.applicants.get(String(body.applicantGuid ?? ''));
    if (!applicant || applicant.clientGuid !== clientGuid)
      throw new VendorError(400, {
        code: 'VALIDATION_EXCEPTION',
        message: 'applicantGuid does not name an applicant of this client.',
      });
    const product = this.products
      .get(clientGuid)
      ?.find((p) => p.clientProductGuid === body.clientProductGuid);
    if (!product)
      throw new VendorError(400, {
        code: 'VALIDATION_EXCEPTION',
        message: 'clientProductGuid does not name a product of this client.',
      });
    const at = this.now().getTime();
    const fileNumber = this.nextFileNumber++;
    const quickappToken = randomBytes(24).toString('base64url');
    const useQuickApp = body.useQuickApp === true;
    const order = {
      orderGuid: randomUUID(),
      fileNumber,
      orderStatus: (useQuickApp ? 'app-pending' : 'pending') as TazworksOrderStatus,
      orderType: 'Volunteer',
      orderedDate: at,
      ...(typeof body.externalIdentifier === 'string' ? { externalIdentifier: body.externalIdentifier } : {}),
      applicantName: `${applicant.lastName.toUpperCase()}, ${applicant.firstName.toUpperCase()}`,
      clientName: client.name,
      clientCode: client.code,
      productName: product.productName,
      requestedBy,
      searchFlagged: false,
      ...(useQuickApp
        ? {
            quickappApplicantLink: `${this.baseUrl()}/orderquickapp/index.taz?x=${quickappToken}&y=${fileNumber}&z=1`,
          }
        : {}),
      createdDate: at,
      createdBy: requestedBy,
      modifiedDate: at,
      clientProductGuid: product.clientProductGuid,
      applicantEmail: applicant.email.toUpperCase(),
      applicantGuid: applicant.applicantGuid,
      totalCharges: 0,
      includedSearches: product.productName.includes('county')
        ? ['SSN Trace', 'National Criminal Database Alias Search', 'Sex Offender Registry', 'County Criminal']
        : ['SSN Trace', 'National Criminal Database Alias Search', 'Sex Offender Registry'],
      ...(useQuickApp
        ? {
            quickappInfo: {
              daysActive: quickappDaysActive,
              dateExpires: at + quickappDaysActive * 86_400_000,
              notificationsSentByEmail: applicant.email ? 1 : 0,
              emailUsed: applicant.email.toUpperCase(),
              textsSent: 0,
              remindersSent: 0,
            },
          }
        : {}),
      clientGuid,
      quickappToken,
      ...(useQuickApp ? {} : { submittedAt: at }),
    };
    this.orders.set(order.orderGuid, order);
    return publicOrder(order);
  }

  order(clientGuid: string, orderGuid: string) {
    const order = this.orders.get(orderGuid);
    if (!order || order.clientGuid !== clientGuid)
      throw new VendorError(404, { code: 'NOT_FOUND', message: `Order ${orderGuid} was not found.` });
    return order;
  }

  /** The order behind a QuickApp link, while it is open (null for an unknown, used or expired link). */
  quickappOrder(token: string, fileNumber: number) {
    const order = [...this.orders.values()].find(
      (o) => o.quickappToken === token && o.fileNumber === fileNumber,
    );
    if (!order) return null;
    return order;
  }

  /** The applicant submitted the QuickApp with the disclosure and authorization accepted: research starts. */
  submitQuickapp(orderGuid: string): void {
    const order = this.orders.get(orderGuid);
    if (!order || order.orderStatus !== 'app-pending') return;
    if (order.quickappInfo && order.quickappInfo.dateExpires <= this.now().getTime()) return;
    order.orderStatus = 'pending';
    order.submittedAt = this.now().getTime();
    order.modifiedDate = order.submittedAt;
  }

  /** Moves every order the clock has passed: research done → the outcome of the applicant's last name. */
  catchUp(): void {
    const now = this.now().getTime();
    for (const order of this.orders.values()) {
      if (order.orderStatus !== 'pending' || order.submittedAt === undefined) continue;
      if (now - order.submittedAt < tazworksResearchMs) continue;
      const applicant = this.applicants.get(order.applicantGuid);
      const outcome = tazworksOutcomeFor(applicant?.lastName ?? '');
      order.orderStatus = outcome.status;
      order.searchFlagged = outcome.searchFlagged;
      order.completedDate = order.submittedAt + tazworksResearchMs;
      order.modifiedDate = now;
    }
  }
}

/** An applicant without the sandbox's own bookkeeping. */
export function publicApplicant(applicant: TazworksApplicant & { clientGuid?: string }): TazworksApplicant {
  const { clientGuid: _client, ...rest } = applicant;
  return rest;
}

/** An order without the sandbox's own bookkeeping. */
export function publicOrder(
  order: TazworksOrder & { clientGuid?: string; quickappToken?: string; submittedAt?: number },
): TazworksOrder {
  const { clientGuid: _client, quickappToken: _token, submittedAt: _submitted, ...rest } = order;
  return rest;
}
