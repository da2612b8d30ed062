import { describe, expect, it } from 'vitest';
import { projectFields } from '../../domain/project';
import { PROJECT_FORM_FIELDS } from './groups';

describe('project form groups', () => {
  it('show every writable Project field exactly once', () => {
    expect([...PROJECT_FORM_FIELDS].sort()).toEqual(Object.keys(projectFields).sort());
  });
});
