// The administration's calls (admins): users, customer API tokens, the reference lists' usage and
// merge, and the one-time links' public page. Online only: each says so when there is no connection.
import type { ResourceName } from '../domain/registry';
import { api } from './client';

export interface Invite {
  /** The one-time link, shown once. */
  url: string;
  expires_at: string;
}

export interface NewUser {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: 'admin' | 'staff';
  /** Absent: the answer carries a one-time link instead. */
  password?: string;
}

export type UserChanges = Partial<Pick<NewUser, 'first_name' | 'last_name' | 'email' | 'role'>> & {
  is_active?: boolean;
};

export const createUser = (body: NewUser) =>
  api.post('users/', { json: body }).json<{ id: string; invite?: Invite }>();

export const changeUser = (id: string, body: UserChanges) =>
  api.patch(`users/${id}/`, { json: body }).json<{ id: string }>();

/** Sets a password, or (none) makes a new one-time link. */
export const resetPassword = (id: string, password?: string) =>
  api
    .post(`users/${id}/password/`, { json: password === undefined ? {} : { password } })
    .json<{ detail?: string; invite?: Invite }>();

export interface InviteOwner {
  username: string;
  first_name: string;
  last_name: string;
}

export const inviteOwner = (token: string) => api.get(`invites/${token}/`).json<InviteOwner>();

export const acceptInvite = (token: string, password: string) =>
  api.post(`invites/${token}/`, { json: { password } }).json<{ detail: string }>();

export interface ApiToken {
  /** A public handle, not the token. */
  id: string;
  name: string;
  created_at: string;
  last_used_at: string;
}

export const listTokens = (account: string) =>
  api.get(`accounts/${account}/tokens/`).json<{ results: ApiToken[] }>();

export const createToken = (account: string, name: string) =>
  api.post(`accounts/${account}/tokens/`, { json: { name } }).json<ApiToken & { token: string }>();

export const revokeToken = (account: string, id: string) =>
  api.delete(`accounts/${account}/tokens/${id}/`).then(() => undefined);

export interface Usage {
  total: number;
  uses: { resource: ResourceName; field: string; count: number }[];
}

export const usageOf = (resource: ResourceName, id: string) =>
  api.get(`${resource}/${id}/usage/`).json<Usage>();

export const mergeEntry = (resource: ResourceName, id: string, into: string) =>
  api.post(`${resource}/${id}/merge/`, { json: { into } }).json<{ into: string; moved: Usage['uses'] }>();
