import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddResult } from '../hooks/use-mcp-servers';
import { AddCustomServerForm } from './add-custom-server-form';

afterEach(cleanup);

const addButton = () => screen.getByRole('button', { name: /Add server|Adding/ }) as HTMLButtonElement;
const config = () => screen.getByLabelText('Configuration (JSON)');
const name = () => screen.getByLabelText('Name');

describe('AddCustomServerForm', () => {
  it('validates as you type with the form texts and keeps submit disabled', () => {
    render(<AddCustomServerForm onAdd={vi.fn()} />);
    expect(addButton().disabled).toBe(true);

    fireEvent.change(name(), { target: { value: 'Tools' } });
    fireEvent.change(config(), { target: { value: '{bad' } });
    expect(screen.getByText(/^Invalid JSON: /)).toBeTruthy();
    expect(addButton().disabled).toBe(true);

    fireEvent.change(config(), { target: { value: '["npx"]' } });
    expect(screen.getByText('Configuration must be a JSON object')).toBeTruthy();

    fireEvent.change(config(), { target: { value: '{"args":[]}' } });
    expect(screen.getByText("Configuration must include a 'command' field")).toBeTruthy();

    fireEvent.change(config(), { target: { value: '' } });
    expect(screen.getByText('Configuration cannot be empty')).toBeTruthy();

    fireEvent.change(name(), { target: { value: ' ' } });
    expect(screen.getByText('Server name is required')).toBeTruthy();
  });

  it('submits the name and parsed config, disables while in flight, and resets on success', async () => {
    let finish!: (result: AddResult) => void;
    const onAdd = vi.fn(() => new Promise<AddResult>((resolve) => (finish = resolve)));
    render(<AddCustomServerForm onAdd={onAdd} />);
    fireEvent.change(name(), { target: { value: ' Tools ' } });
    fireEvent.change(config(), { target: { value: '{"command":"node","args":["s.js"]}' } });
    expect(addButton().disabled).toBe(false);
    fireEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith({ name: 'Tools', config: { command: 'node', args: ['s.js'] } });
    expect(addButton().textContent).toContain('Adding...');
    expect(addButton().disabled).toBe(true);
    await act(async () => finish({ ok: true }));
    expect((name() as HTMLInputElement).value).toBe('');
    expect((config() as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a refusal next to the configuration, keeps the input, and clears it on edit', async () => {
    const refusal = "Failed to add custom server: Command refused: 'npx' is a package runner";
    const onAdd = vi.fn(async (): Promise<AddResult> => ({ ok: false, error: refusal }));
    render(<AddCustomServerForm onAdd={onAdd} />);
    fireEvent.change(name(), { target: { value: 'Tools' } });
    fireEvent.change(config(), { target: { value: '{"command":"npx","args":["-y","x"]}' } });
    await act(async () => fireEvent.click(addButton()));
    const shown = screen.getByText(refusal);
    expect(shown.id).toBe('mcp-server-config-error');
    expect(config().getAttribute('aria-describedby')).toBe('mcp-server-config-error');
    expect((config() as HTMLTextAreaElement).value).toContain('npx');
    fireEvent.change(config(), { target: { value: '{"command":"node","args":["/opt/mcp/x.js"]}' } });
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('suggests a config the default allowlist accepts', () => {
    render(<AddCustomServerForm onAdd={vi.fn()} />);
    const placeholder = JSON.parse(config().getAttribute('placeholder') ?? '{}');
    expect(placeholder).toEqual({ command: 'node', args: ['/opt/mcp/my-server/index.js'], env: {} });
  });
});
