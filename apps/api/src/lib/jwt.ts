/**
 * Access tokens: HS256 JWTs (jose) carrying the user id (sub), a unique jti (so logout can revoke exactly this
 * token), the user's session version when it was signed (`sv`: a token is refused once the user's version has
 * moved on, which ends every session at once) and an expiry. The signing secret comes from JWT_SECRET or is generated once and kept in
 * DATA_DIR/jwt-secret (mode 0600), so tokens survive restarts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'query-agent';

export interface TokenClaims {
  userId: string;
  jti: string;
  /** The user's session version when the token was signed (0 for tokens signed before versions existed). */
  sessionVersion: number;
  /** Expiry as a Date. */
  expiresAt: Date;
}

export interface TokenService {
  sign(userId: string, sessionVersion: number): Promise<{ token: string; claims: TokenClaims }>;
  /** Returns the claims, or null for a malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, ttlHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const ttlSeconds = Math.round(ttlHours * 3600);
  return {
    async sign(userId, sessionVersion) {
      const jti = randomUUID();
      const nowSeconds = Math.floor(Date.now() / 1000);
      const exp = nowSeconds + ttlSeconds;
      const token = await new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(exp)
        .sign(key);
      return { token, claims: { userId, jti, sessionVersion, expiresAt: new Date(exp * 1000) } };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        if (!payload.sub || !payload.jti || !payload.exp) return null;
        const sv = payload.sv ?? 0;
        if (typeof sv !== 'number' || !Number.isInteger(sv)) return null;
        return {
          userId: payload.sub,
          jti: payload.jti,
          sessionVersion: sv,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export const JWT_SECRET_FILE = 'jwt-secret';

/** JWT_SECRET when configured; otherwise the secret kept in DATA_DIR/jwt-secret, created on first use. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
