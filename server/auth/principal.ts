/** Who is calling: a signed-in user, or a customer's ERP holding a read-only token for one account. */
export type Principal =
  | { kind: 'user'; userId: string; username: string; role: 'admin' | 'staff'; tokenHash: string }
  | { kind: 'account'; accountId: string; tokenHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, health, contact, docs). */
    public?: boolean;
    /** The route checks the Authorization header itself (metrics: METRICS_TOKEN is no user's token). */
    ownAuthorization?: boolean;
    /**
     * The route's first statement checks the token again (`tokenStands`): on PostgreSQL its caller may
     * come from this process's cache of tokens, read before another process revoked it.
     */
    checksTokenItself?: boolean;
  }
}
