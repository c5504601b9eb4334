/**
 * One MCP server: name, description, status, tools and any error_message. Core servers are always
 * on; a toggle shows when can_toggle, a delete when can_delete (user servers).
 */
import type { McpServer } from '@qa/contracts';
import { ChevronRight, Trash2, Wrench } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { statusTone } from '../utils/mcp-servers';

const STATUS_CLASSES = {
  connected: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
  loading: 'bg-slate-50 text-slate-600 ring-slate-500/15',
  other: 'bg-slate-100 text-slate-600 ring-slate-500/15',
} as const;

const DOT_CLASSES = {
  connected: 'bg-emerald-500',
  error: 'bg-red-500',
  loading: 'bg-slate-400',
  other: 'bg-slate-400',
} as const;

export function McpServerItem({
  server,
  status,
  onToggle,
  onDelete,
}: {
  server: McpServer;
  /** What to show as status (the list shows 'loading' until live status arrives). */
  status: string;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const tone = statusTone(status);
  const switchId = `mcp-toggle-${server.id}`;
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-3.5"
      data-testid="mcp-server"
      data-server-id={server.id}
      data-tier={server.tier}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900" data-testid="mcp-server-name">
              {server.name}
            </span>
            <span
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset',
                STATUS_CLASSES[tone],
              )}
              data-testid="mcp-server-status"
            >
              {tone === 'loading' ? (
                <Spinner className="size-3 text-slate-500" label="Loading status" />
              ) : (
                <span aria-hidden className={cn('size-1.5 rounded-full', DOT_CLASSES[tone])} />
              )}
              {status}
            </span>
            {server.tier === 'core' ? <Badge tone="brand">Always on</Badge> : null}
          </div>
          {server.description ? <p className="mt-1 text-sm text-slate-600">{server.description}</p> : null}
          {server.command ? (
            <p
              className="mt-1 truncate font-mono text-[11px] text-slate-600"
              title={[server.command, ...server.args].join(' ')}
            >
              {[server.command, ...server.args].join(' ')}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {server.can_toggle ? (
            <Switch
              id={switchId}
              checked={server.enabled}
              disabled={status === 'loading'}
              onCheckedChange={onToggle}
              aria-label={`${server.enabled ? 'Disable' : 'Enable'} ${server.name}`}
            />
          ) : null}
          {server.can_delete ? (
            <Button
              variant="danger-ghost"
              size="icon-sm"
              onClick={onDelete}
              aria-label={`Delete ${server.name}`}
            >
              <Trash2 aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
      {server.error_message ? (
        <p
          className="mt-2 rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-700"
          data-testid="mcp-server-error"
        >
          {server.error_message}
        </p>
      ) : null}
      {server.tools.length ? (
        <details className="group mt-2">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-xs font-medium text-slate-600 hover:text-slate-900 [&::-webkit-details-marker]:hidden">
            <ChevronRight aria-hidden className="size-3.5 transition-transform group-open:rotate-90" />
            <Wrench aria-hidden className="size-3 text-slate-400" />
            {server.tools.length} {server.tools.length === 1 ? 'tool' : 'tools'}
          </summary>
          <ul className="mt-2 space-y-1.5 border-l border-slate-100 pl-4" data-testid="mcp-server-tools">
            {server.tools.map((tool) => (
              <li key={tool.name} className="text-xs">
                <span className="font-mono font-medium text-slate-800">{tool.name}</span>
                {tool.description ? <span className="text-slate-500"> — {tool.description}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
