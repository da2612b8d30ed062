// Users: created by the command line (the first admin) and by admins in the app. Passwords follow
// Django's rules; a user may also be given a one-time link to set their own (invites.ts).
import { hashPassword, passwordProblems, unusablePasswordHash } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { type FieldErrors, ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import { usersRepository } from './users.repository.js';

export interface CreateUserInput {
  username: string;
  /** Absent: the user gets no usable password until they follow a one-time link. */
  password?: string;
  role: 'admin' | 'staff';
  first_name?: string;
  last_name?: string;
  email?: string;
  createdBy?: string | null;
}

const USERNAME = /^[\w.@+-]{1,150}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The problems of a user's names and e-mail, by field. */
export function profileProblems(input: {
  first_name?: string;
  last_name?: string;
  email?: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['first_name', 'last_name'] as const)
    if ((input[field] ?? '').length > 150) errors[field] = [say('field.max_length', { max: 150 })];
  const email = input.email ?? '';
  if (email !== '' && (!EMAIL.test(email) || email.length > 254)) errors.email = [say('field.email')];
  return errors;
}

export function usersService(database: Database) {
  const repo = usersRepository(database);
  return {
    async create(input: CreateUserInput): Promise<string> {
      const username = input.username.trim();
      const email = input.email?.trim() ?? '';
      const errors: FieldErrors = profileProblems({ ...input, email });
      if (!USERNAME.test(username)) errors.username = [say('user.invalid_name')];
      else if (await repo.exists(username)) errors.username = [say('user.taken')];
      if (input.password !== undefined) {
        const problems = passwordProblems(input.password, { username, email });
        if (problems.length > 0) errors.password = problems;
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const passwordHash =
        input.password === undefined ? unusablePasswordHash : await hashPassword(input.password);
      return repo.insert({ ...input, username, email, passwordHash });
    },
  };
}
