import type { RawBuilder } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { type FieldErrors, invalidToken, signInBusy, ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import { authRepository } from './auth.repository.js';
import { gate, HASH_SLOTS } from './hash-gate.js';
import { hashPassword, passwordProblems, unusablePasswordHash, verifyPassword } from './passwords.js';
import type { Principal } from './principal.js';
import { startAttempt } from './throttle.js';
import { tokenCache } from './token-cache.js';
import { hashToken, newToken, tokenFromHeader } from './tokens.js';

/**
 * A sign-in turned away is answered after this pause: a client that retries at once (a script, a load
 * generator; the app does not) would otherwise loop on cheap 503s fast enough to take the cores from
 * the sign-ins being checked. The pause costs a timer, no CPU.
 */
const BUSY_PAUSE_MS = 1_000;

export function authService(database: Database, config: Config) {
  const repo = authRepository(database);
  const { maxFailuresPerUser, maxFailuresPerAddress, windowMinutes } = config.login;
  // On PostgreSQL several server processes may share the database: a token revoked through one (a
  // logout, a password change) must fail at once on the others, so a request reads it there, unless its
  // route checks the token again in its own first statement (checksTokenItself: the sync pull). The
  // embedded database has one process, which drops revoked tokens from its cache itself.
  const verified = tokenCache(Date.now);
  const trusted = (checkedByRoute: boolean) => database.engine === 'pglite' || checkedByRoute;
  // Sign-ins take turns for the hashing. One that would wait past signInMaxWaitMs is told at once to come back
  // (503, Retry-After) rather than left waiting until its client gives up, with its work then wasted.
  const signIns = gate(HASH_SLOTS);

  const limits = { free: maxFailuresPerUser, perAddress: maxFailuresPerAddress, windowMinutes };

  /** Counts the attempt, checks the password, and makes a token; never says which of the two was wrong. */
  async function checkCredentials(username: string, password: string, address: string): Promise<string> {
    // Per name and address together (throttle.ts): guesses from elsewhere never lock the user out.
    const attempt = await startAttempt(repo, limits, 'sign-in', {
      pair: `pair:${address} ${username.trim().toLowerCase()}`,
      address: `addr:${address}`,
    });
    const user = await repo.findUserByUsername(username.trim());
    const matches = await verifyPassword(password, user?.password_hash ?? unusablePasswordHash);
    if (!user || !matches || !user.is_active)
      throw new ValidationError({ non_field_errors: [say('auth.bad_credentials')] });
    await attempt.succeeded();
    const { token, hash } = newToken();
    await repo.insertToken(hash, { userId: user.id });
    return token;
  }

  return {
    /** Exchanges a user name and password for a new token; never says which of the two was wrong. */
    async signIn(username: string, password: string, address: string): Promise<string> {
      const waitMs = signIns.expectedWaitMs();
      if (waitMs > config.signInMaxWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
        throw signInBusy(Math.max(1, Math.ceil((waitMs - BUSY_PAUSE_MS) / 1000)));
      }
      return signIns.run(() => checkCredentials(username, password, address));
    },

    /**
     * The caller named by an Authorization header: null when there is none; 401 when it is not valid.
     * `checkedByRoute`: the route checks the token again itself (tokenStands), so a recently verified
     * one is taken from the cache on PostgreSQL too.
     */
    async authenticate(header: string | undefined, checkedByRoute = false): Promise<Principal | null> {
      const token = tokenFromHeader(header);
      if (token === undefined) return null;
      if (token === null) throw invalidToken();
      const hash = hashToken(token);
      const known = trusted(checkedByRoute) ? verified.get(hash) : undefined;
      if (known) return known;
      verified.forget(hash);
      const owner = await repo.findTokenOwner(hash, config.tokenIdleDays);
      if (!owner) throw invalidToken();
      if (owner.expired) {
        await repo.deleteToken(hash);
        throw invalidToken();
      }
      if (!owner.stands) throw invalidToken();
      // Sliding expiry: record use, at most once a minute per token, so reads stay reads.
      if (owner.stale) await repo.touchToken(hash);
      let principal: Principal;
      if (owner.account_id) principal = { kind: 'account', accountId: owner.account_id, tokenHash: hash };
      // A user's token that stands has its user (the checks only tell the type so).
      else if (!owner.user_id || !owner.username || !owner.role) throw invalidToken();
      else
        principal = {
          kind: 'user',
          userId: owner.user_id,
          username: owner.username,
          role: owner.role,
          tokenHash: hash,
        };
      verified.set(hash, principal);
      return principal;
    },

    async signOut(principal: Principal) {
      verified.forget(principal.tokenHash);
      await repo.deleteToken(principal.tokenHash);
    },

    /**
     * SQL for a route that checks the token itself (checksTokenItself): whether it still stands, by the
     * rule authenticate applies (auth.repository standing). Null on the embedded database, whose cache is
     * never stale.
     */
    tokenStands(principal: Principal): RawBuilder<boolean> | null {
      if (database.engine === 'pglite') return null;
      return repo.tokenStands(principal.tokenHash, config.tokenIdleDays);
    },

    /** The route found the token no longer stands: it is dropped from the cache. */
    revoked(principal: Principal) {
      verified.forget(principal.tokenHash);
    },

    /** Tokens were revoked outside this service (an admin revoking a customer's API token). */
    tokensRevoked() {
      verified.forgetAll();
    },

    async changePassword(
      principal: Extract<Principal, { kind: 'user' }>,
      input: { old_password: string; new_password1: string; new_password2: string },
    ) {
      const user = await repo.findUserById(principal.userId);
      if (!user) throw invalidToken();
      const errors: FieldErrors = {};
      // Guesses of the old password are slowed like sign-ins, per token: whoever holds another token of
      // the user (its owner) is not slowed by them.
      const attempt = await startAttempt(repo, limits, 'old-password', {
        pair: `change:${principal.tokenHash}`,
      });
      if (!(await verifyPassword(input.old_password, user.password_hash)))
        errors.old_password = [say('auth.old_password')];
      else await attempt.succeeded();
      if (input.new_password1 !== input.new_password2) errors.new_password2 = [say('auth.mismatch')];
      else {
        const problems = passwordProblems(input.new_password1, user);
        if (problems.length > 0) errors.new_password2 = problems;
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await repo.setPassword(user.id, await hashPassword(input.new_password1));
      // Anyone else holding a token of this user is signed out; this device stays signed in.
      verified.forgetAll();
      await repo.deleteUserTokensExcept(user.id, principal.tokenHash);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
