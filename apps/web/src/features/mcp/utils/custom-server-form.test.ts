import { describe, expect, it } from 'vitest';
import { canSubmitCustomServer, configError, nameError } from './custom-server-form';

const good = '{"command":"node","args":["server.js"],"env":{"TOKEN":"x"}}';

describe('custom MCP server form', () => {
  it('requires a name', () => {
    expect(nameError('')).toBe('Server name is required');
    expect(nameError('   ')).toBe('Server name is required');
    expect(nameError('Team tools')).toBeNull();
  });

  it('gives each config error its text', () => {
    expect(configError('')).toBe('Configuration cannot be empty');
    expect(configError('  ')).toBe('Configuration cannot be empty');
    expect(configError('{"command": ')).toMatch(/^Invalid JSON: /);
    expect(configError('[1, 2]')).toBe('Configuration must be a JSON object');
    expect(configError('"npx"')).toBe('Configuration must be a JSON object');
    expect(configError('null')).toBe('Configuration must be a JSON object');
    expect(configError('{"args":[]}')).toBe("Configuration must include a 'command' field");
    expect(configError(good)).toBeNull();
  });

  it('enables submit only with a name, a valid config and no request in flight', () => {
    expect(canSubmitCustomServer({ name: 'a', config: good }, false)).toBe(true);
    expect(canSubmitCustomServer({ name: 'a', config: good }, true)).toBe(false);
    expect(canSubmitCustomServer({ name: '', config: good }, false)).toBe(false);
    expect(canSubmitCustomServer({ name: 'a', config: '' }, false)).toBe(false);
    expect(canSubmitCustomServer({ name: 'a', config: '[]' }, false)).toBe(false);
  });
});
