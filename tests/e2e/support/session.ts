// A session made over the API, without the sign-in form: what the app keeps in local storage once signed
// in (username, token, the /users/me/ answer), for a tool to put in a fresh browser before the app starts
// (the audit's Lighthouse runs, the shell bench's signed-in weights).

export interface StoredSession {
  username: string;
  token: string;
  user: unknown;
}

/** Signs `username` in at `url` as the sign-in form does (token, then /users/me/); throws if refused. */
export async function signInByApi(url: string, username: string, password: string): Promise<StoredSession> {
  const post = await fetch(`${url}/api/get-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!post.ok) throw new Error(`sign-in as ${username} answered ${post.status}`);
  const { token } = (await post.json()) as { token: string };
  const me = await fetch(`${url}/api/users/me/`, { headers: { Authorization: `Token ${token}` } });
  if (!me.ok) throw new Error(`/api/users/me/ for ${username} answered ${me.status}`);
  return { username, token, user: await me.json() };
}
