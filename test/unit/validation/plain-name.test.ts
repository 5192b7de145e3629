import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminUpdateUserInput } from '../../../shared/admin/schemas.js';
import { UpdateChannelInput } from '../../../shared/alerts/schemas.js';
import { RegisterInput } from '../../../shared/auth/schemas.js';
import { MaintenanceWindowInput } from '../../../shared/maintenance/schemas.js';
import { UpdateMonitorInput } from '../../../shared/monitors/schemas.js';
import { UpdateStatusPageInput } from '../../../shared/status-pages/schemas.js';
import { NAME_CONTROL_CHARACTERS_TEXT } from '../../../shared/validation.js';
import { CreateApiKeyInput } from '../../../shared/workspaces/api-keys.js';
import { RenameWorkspaceInput } from '../../../shared/workspaces/members.js';

// Every schema that takes a name a person typed, with the rest of a body it needs (docs/product-rules.md "Validation rules").
const NAMED: { what: string; schema: z.ZodType; body: (name: string) => Record<string, unknown>; field: string }[] = [
  { what: 'monitor name', schema: UpdateMonitorInput, body: (name) => ({ name }), field: 'name' },
  { what: 'channel name', schema: UpdateChannelInput, body: (name) => ({ name }), field: 'name' },
  { what: 'status page name', schema: UpdateStatusPageInput, body: (name) => ({ name }), field: 'name' },
  { what: 'workspace name', schema: RenameWorkspaceInput, body: (name) => ({ name }), field: 'name' },
  { what: 'display name at registration', schema: RegisterInput, body: (name) => ({ name, email: 'a@example.com', password: 'long enough' }), field: 'name' },
  { what: 'display name set by an operator', schema: AdminUpdateUserInput, body: (name) => ({ name }), field: 'name' },
  { what: 'API key name', schema: CreateApiKeyInput, body: (name) => ({ name, scope: 'read' }), field: 'name' },
  { what: 'maintenance window title', schema: MaintenanceWindowInput, body: (title) => ({ title }), field: 'title' },
];

const messagesAt = (schema: z.ZodType, body: unknown, field: string): string[] => {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
};

const REFUSED = {
  NUL: 'Shop\u0000',
  'a line break inside': 'Shop\nDown',
  'a tab inside': 'Shop\tEU',
  ESC: 'Shop \u001b[31m',
  DEL: 'Shop\u007f',
  'a C1 control (NEL)': 'Shop\u0085EU',
  'a C1 control (CSI)': 'Shop\u009b',
  'right-to-left override': 'Shop \u202egnp.exe',
  'left-to-right embedding': 'Shop\u202a',
  'first strong isolate': 'Shop\u2068x\u2069',
  'left-to-right isolate': 'Shop\u2066',
};

describe('names refuse control characters and bidi overrides, with one text', () => {
  for (const { what, schema, body, field } of NAMED) {
    it(`${what}: each forbidden character is refused`, () => {
      for (const [label, name] of Object.entries(REFUSED)) {
        expect(messagesAt(schema, body(name), field), `${what} with ${label}`).toEqual([NAME_CONTROL_CHARACTERS_TEXT]);
      }
    });

    it(`${what}: ordinary names in any script pass`, () => {
      for (const name of ['Shop (EU) - checkout', 'Café ☕', 'متجر', '東京 API', 'Zoë & Co.', 'a\u00a0b']) {
        expect(messagesAt(schema, body(name), field), `${what}: ${name}`).toEqual([]);
      }
    });
  }
});
