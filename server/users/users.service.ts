import { hashPassword, passwordProblems } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { type FieldErrors, ValidationError } from '../http/errors.js';
import { usersRepository } from './users.repository.js';

export interface CreateUserInput {
  username: string;
  password: string;
  role: 'admin' | 'staff';
  first_name?: string;
  last_name?: string;
  email?: string;
}

export function usersService(database: Database) {
  const repo = usersRepository(database);
  return {
    async create(input: CreateUserInput): Promise<string> {
      const errors: FieldErrors = {};
      const username = input.username.trim();
      if (!/^[\w.@+-]{1,150}$/.test(username))
        errors.username = [
          'Enter a valid username: letters, digits and @/./+/-/_ only, at most 150 characters.',
        ];
      else if (await repo.exists(username)) errors.username = ['A user with that username already exists.'];
      const problems = passwordProblems(input.password, { username, email: input.email });
      if (problems.length > 0) errors.password = problems;
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return repo.insert({ ...input, username, passwordHash: await hashPassword(input.password) });
    },
  };
}
