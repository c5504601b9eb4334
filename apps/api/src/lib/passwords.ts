/**
 * argon2id password hashing (@node-rs/argon2 defaults: 19 MiB, 2 passes, 1 lane, as OWASP recommends), and the
 * server's check that a new password is not one of the passwords everyone tries first.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const GUESSABLE_PASSWORD_MESSAGE =
  'Password is too easy to guess: it is, or is built on, a commonly used password. Choose a longer or less common one';

/**
 * zxcvbn's scores run 0 to 4; under 2 means fewer than a million guesses (e.g. Password1, Passw0rd!, Qwerty123,
 * Summer2024: all meet the character rules), measured against the common-password and name lists of
 * @zxcvbn-ts/language-common, keyboard patterns, dates and sequences.
 */
const MIN_SCORE = 2;
let estimator: ZxcvbnFactory | undefined;

/** Why a new password is too easy to guess, or null. (The web checks only the character rules: the lists are 2 MB.) */
export function guessablePasswordError(password: string): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password).score < MIN_SCORE ? GUESSABLE_PASSWORD_MESSAGE : null;
}

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, or a user who has not set a password yet)
 * it still verifies against a dummy hash, so both failures take about the same time.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
