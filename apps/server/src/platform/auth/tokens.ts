import { createHash, randomBytes } from 'node:crypto';
import type { RoleName } from '@linewalker/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  roleId: number;
  roleName: RoleName;
  companyId: number;
  companyName: string | null;
  /** Server-side session id: the token is honoured only while that session is live. */
  sid: string;
}

const ISSUER = 'linewalker';
const ALGORITHM = 'HS256';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Verifies signature, algorithm (HS256 only: `alg: none` is refused), issuer and expiry. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (
        typeof payload.userId !== 'number' ||
        typeof payload.sid !== 'string' ||
        typeof payload.roleId !== 'number'
      ) {
        return null;
      }
      return payload as unknown as TokenClaims;
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}

/** A random URL-safe secret and the SHA-256 hex digest stored in its place. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
