import { canCreate, canInspect, isStaff, isSuperAdmin, type Principal } from '@linewalker/domain';

/**
 * Who may call a route. Every route under /api declares one (an undeclared route fails at start
 * and in the authorization matrix test); object-level rules (a customer sees only their company)
 * are applied by the services on top of this.
 */
export const ACCESS_RULES = {
  public: () => true,
  authenticated: () => true,
  staff: (p: Principal) => isStaff(p),
  canInspect: (p: Principal) => canInspect(p),
  canCreate: (p: Principal) => canCreate(p),
  superAdmin: (p: Principal) => isSuperAdmin(p),
} as const;

export type Access = keyof typeof ACCESS_RULES;

export interface AuthUser extends Principal {
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  sessionExpiresAt: Date;
}
