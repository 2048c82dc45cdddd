/** Why a vendor call failed, in words a use case can act on; the vendor's own body is kept for the logs. */
export class VendorError extends Error {
  constructor(
    readonly vendor: string,
    message: string,
  ) {
    super(message);
  }
}

/** The vendor answered with an error status (after any retries). */
export class VendorHttpError extends VendorError {
  constructor(
    vendor: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(vendor, `${vendor} answered ${status}`);
  }
}

/** The vendor did not answer in time, or could not be reached, on every attempt. */
export class VendorUnreachableError extends VendorError {
  constructor(
    vendor: string,
    readonly reason: 'timeout' | 'network',
  ) {
    super(vendor, `${vendor} could not be reached (${reason})`);
  }
}

/** The vendor's circuit is open: recent calls failed, and no call was made. */
export class VendorCircuitOpenError extends VendorError {
  constructor(
    vendor: string,
    readonly retryAfterMs: number,
  ) {
    super(vendor, `${vendor} is unavailable; calls resume in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}
