/**
 * MCP server management, shown in the chat's settings dialog: the servers by tier, each with its
 * status, tools and errors; toggles and deletes as each server allows; a form for custom servers; and the
 * 'Failed to ...' banners and empty states.
 */
import type { McpServer } from '@qa/contracts';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMcpServers } from '../hooks/use-mcp-servers';
import { MCP_TEXTS, serversByTier } from '../utils/mcp-servers';
import { AddCustomServerForm } from './add-custom-server-form';
import { McpServerItem } from './mcp-server-item';

const PHASE_TEXT = {
  static: 'Loading servers…',
  config: 'Loading your configuration…',
  live: 'Checking server status…',
  done: '',
} as const;

export function McpServerManagement() {
  const mcp = useMcpServers();
  const [deleting, setDeleting] = useState<McpServer | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const tiers = serversByTier(mcp.servers);
  const statusOf = (server: McpServer) => (mcp.liveLoaded ? server.status : 'loading');

  const renderList = (servers: McpServer[]) => (
    <ul className="space-y-2">
      {servers.map((server) => (
        <McpServerItem
          key={server.id}
          server={server}
          status={statusOf(server)}
          onToggle={(enabled) => void mcp.toggle(server, enabled)}
          onDelete={() => setDeleting(server)}
        />
      ))}
    </ul>
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    await mcp.remove(deleting);
    setDeleteBusy(false);
    setDeleting(null);
  };

  const loadingList = mcp.phase === 'static' && mcp.servers.length === 0;

  return (
    <div className="space-y-5" data-testid="mcp-management">
      {mcp.banner ? <ErrorAlert title={mcp.banner.title}>{mcp.banner.detail ?? null}</ErrorAlert> : null}

      {mcp.phase !== 'done' ? (
        <p
          className="flex items-center gap-2 text-xs text-slate-500"
          data-testid="mcp-load-phase"
          data-phase={mcp.phase}
        >
          <Spinner className="size-3.5" label="Loading" />
          {PHASE_TEXT[mcp.phase]}
        </p>
      ) : null}

      {loadingList ? null : mcp.servers.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-6 text-center text-sm text-slate-500">
          {MCP_TEXTS.noServers}
        </p>
      ) : (
        <>
          {tiers.core.length ? (
            <TierSection title="Core" text="The product's own broadband tools. Always on.">
              {renderList(tiers.core)}
            </TierSection>
          ) : null}
          {tiers.optional.length ? (
            <TierSection title="Optional" text="Extra tool servers you can switch on or off.">
              {renderList(tiers.optional)}
            </TierSection>
          ) : null}
        </>
      )}

      {loadingList ? null : (
        <TierSection title="Your servers" text="Custom servers only you can see and use.">
          {tiers.user.length ? (
            renderList(tiers.user)
          ) : (
            <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-center text-sm text-slate-500">
              {MCP_TEXTS.noCustomServers}
            </p>
          )}
        </TierSection>
      )}

      <AddCustomServerForm onAdd={mcp.add} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteBusy) setDeleting(null);
        }}
        title="Delete custom server?"
        description={
          <>
            <span className="font-medium text-slate-900">{deleting?.name}</span> will be stopped and removed.
            This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function TierSection({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section>
      <div className="mb-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <p className="text-xs text-slate-500">{text}</p>
      </div>
      {children}
    </section>
  );
}
