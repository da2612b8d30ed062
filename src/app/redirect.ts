const HOME_AFTER_SIGN_IN = '/projects';

/**
 * The path to land on after sign-in: the redirect query when it is a same-origin path (query and hash
 * kept), else /projects. Absolute URLs, protocol-relative `//host` and backslash tricks are refused.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return HOME_AFTER_SIGN_IN;
  }
  try {
    const base = 'http://same.origin';
    const url = new URL(value, base);
    if (url.origin !== base) return HOME_AFTER_SIGN_IN;
    if (url.pathname === '/login') return HOME_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_AFTER_SIGN_IN;
  }
}

/** /login?redirect=<the full wanted path>. */
export function loginPathFor(wanted: string): string {
  return `/login?${new URLSearchParams({ redirect: wanted }).toString()}`;
}
