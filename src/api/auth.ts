import { getJson } from './http';

// ky (./client.ts) loads with the first call that needs it: getMe, the first screen's, goes through fetch.
const client = () => import('./client').then((module) => module.api);

type Role = 'admin' | 'staff';

/** The signed-in user as GET /api/users/me/ answers. */
export interface Me {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
}

export interface PasswordChange {
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** POST get-token/: the token for a username and password (400 with non_field_errors when wrong). */
export async function getToken(username: string, password: string): Promise<string> {
  const api = await client();
  const { token } = await api.post('get-token/', { json: { username, password } }).json<{ token: string }>();
  return token;
}

/** GET users/me/ with the given token (or the session's); an error status throws ./http.ts's HttpError. */
export async function getMe(token?: string): Promise<Me> {
  const headers = token ? { Authorization: `Token ${token}` } : undefined;
  return getJson<Me>('users/me/', { headers });
}

/** POST logout/: revokes the token in use. */
export async function revokeToken(): Promise<void> {
  await (await client()).post('logout/');
}

/** POST rest-auth/password/change/. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await (await client()).post('rest-auth/password/change/', { json: change });
}
