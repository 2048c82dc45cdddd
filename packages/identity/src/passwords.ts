import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, unusable under verbatimModuleSyntax; 2 is its Argon2id member.
const argon2id = 2 as Algorithm.Argon2id;

/** OWASP's minimum argon2id configuration (19 MiB, 2 iterations, 1 lane). */
export const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no account, verifies against a fixed dummy hash anyway, so an
 * unknown e-mail costs the same time as a wrong password and timing tells nothing about who is registered.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('touchline-no-such-account');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
