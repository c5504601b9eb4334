/**
 * Add a custom (user tier) MCP server: a name and a JSON config, validated as you type with the shared
 * texts. The button stays disabled while the config has an error, the name or config is empty, or a
 * request is in flight. When the server refuses the config (a program or script the administrator does not
 * allow, a package runner, ...), its reason shows under the configuration, beside the button just pressed,
 * until the config or name changes.
 */
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import type { AddResult } from '../hooks/use-mcp-servers';
import {
  CONFIG_PLACEHOLDER,
  canSubmitCustomServer,
  configError,
  nameError,
  parseCustomServerConfig,
} from '../utils/custom-server-form';
import { withoutServerPaths } from '../utils/mcp-servers';

export function AddCustomServerForm({
  onAdd,
}: {
  onAdd: (input: { name: string; config: ReturnType<typeof parseCustomServerConfig> }) => Promise<AddResult>;
}) {
  const [name, setName] = useState('');
  const [config, setConfig] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [configTouched, setConfigTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const shownNameError = nameTouched ? nameError(name) : null;
  const shownConfigError = (configTouched ? configError(config) : null) ?? refusal;
  const canSubmit = canSubmitCustomServer({ name, config }, submitting);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    setConfigTouched(true);
    if (!canSubmit) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const added = await onAdd({ name: name.trim(), config: parseCustomServerConfig(config) });
      if (!added.ok) setRefusal(withoutServerPaths(added.error, config));
      else {
        setName('');
        setConfig('');
        setNameTouched(false);
        setConfigTouched(false);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-4"
      data-testid="add-mcp-server-form"
      noValidate
    >
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Add a custom server</h4>
        <p className="mt-0.5 text-xs text-slate-500">
          A local stdio MCP server, started for you only, in a sandbox without network access. Only scripts
          your administrator allows can run (for example under /opt/mcp), with just the environment you give
          here.
        </p>
      </div>
      <Field label="Name" htmlFor="mcp-server-name" error={shownNameError}>
        <Input
          id="mcp-server-name"
          value={name}
          placeholder="e.g. Team tools"
          onChange={(event) => {
            setName(event.target.value);
            setNameTouched(true);
            setRefusal(null);
          }}
          onBlur={() => setNameTouched(true)}
          aria-invalid={shownNameError ? true : undefined}
          aria-describedby={shownNameError ? 'mcp-server-name-error' : undefined}
          maxLength={100}
          autoComplete="off"
        />
      </Field>
      <Field
        label="Configuration (JSON)"
        htmlFor="mcp-server-config"
        error={shownConfigError}
        hint="An object with command, and optionally args (array) and env (object)."
      >
        <Textarea
          id="mcp-server-config"
          value={config}
          placeholder={CONFIG_PLACEHOLDER}
          onChange={(event) => {
            setConfig(event.target.value);
            setConfigTouched(true);
            setRefusal(null);
          }}
          onBlur={() => setConfigTouched(true)}
          rows={6}
          spellCheck={false}
          className="font-mono text-xs leading-relaxed"
          aria-invalid={shownConfigError ? true : undefined}
          aria-describedby={shownConfigError ? 'mcp-server-config-error' : 'mcp-server-config-hint'}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={!canSubmit}>
          <Plus aria-hidden />
          {submitting ? 'Adding...' : 'Add server'}
        </Button>
      </div>
    </form>
  );
}
