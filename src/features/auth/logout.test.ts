import { afterEach, describe, expect, it } from 'vitest';
import { logout, pendingChangesCount, setPendingChangesCheck } from './logout';
import { displayName, useSession } from './session';

afterEach(() => setPendingChangesCheck(async () => 0));

describe('logout', () => {
  it('asks the sync layer how many changes wait, and counts a failing check as none', async () => {
    expect(await pendingChangesCount()).toBe(0);
    setPendingChangesCheck(async () => 3);
    expect(await pendingChangesCount()).toBe(3);
    setPendingChangesCheck(async () => {
      throw new Error('store closed');
    });
    expect(await pendingChangesCount()).toBe(0);
  });

  it('ends the local session even when the server cannot be reached', async () => {
    useSession.setState({ authenticated: true, username: 'marta', token: 'abc', user: null });
    await logout();
    expect(useSession.getState()).toMatchObject({
      authenticated: false,
      username: null,
      token: null,
      user: null,
    });
  });
});

describe('displayName', () => {
  it('greets by first and last name, else by username', () => {
    const user = {
      id: '1',
      username: 'marta',
      first_name: 'Marta',
      last_name: 'Ruiz',
      email: '',
      role: 'staff' as const,
    };
    expect(displayName({ user, username: 'marta' })).toBe('Marta Ruiz');
    expect(displayName({ user: { ...user, first_name: '', last_name: '' }, username: 'marta' })).toBe(
      'marta',
    );
    expect(displayName({ user: null, username: null })).toBe('');
  });
});
