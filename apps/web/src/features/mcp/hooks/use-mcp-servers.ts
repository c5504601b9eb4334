/**
 * The MCP server list of the settings dialog: loads in three phases (static list, then
 * configuration, then live status); a toggle is optimistic (status 'loading'), then reloads the server from
 * the API, and restores the previous state when the toggle fails. Failures show one banner ('Failed to ...'),
 * except a refused add, which the form shows next to the configuration it is about.
 */
import type { McpServer } from '@qa/contracts';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../lib/api-client';
import {
  addCustomServer,
  deleteCustomServer,
  getConfiguredServers,
  getLiveServers,
  getServer,
  getStaticServers,
  toggleServer,
} from '../api/mcp-servers';
import { MCP_TEXTS, mergeServers, replaceServer } from '../utils/mcp-servers';

export type LoadPhase = 'static' | 'config' | 'live' | 'done';
export type Banner = { title: string; detail?: string | undefined };
export type AddResult = { ok: true } | { ok: false; error: string };

function bannerFor(title: string, error: unknown): Banner {
  return { title, detail: error instanceof ApiError && error.detail ? error.detail : undefined };
}

/** Whether the component is still mounted, for async work that settles after it has gone. */
function useMountedRef() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * Loads the list once, phase by phase, merging each answer into what is already shown; the first
 * failure raises the load banner and the later phases still run.
 */
function usePhasedLoad(
  mounted: RefObject<boolean>,
  setServers: Dispatch<SetStateAction<McpServer[]>>,
  setBanner: (banner: Banner) => void,
) {
  const [phase, setPhase] = useState<LoadPhase>('static');
  /** Until live status arrives, every server shows as loading. */
  const [liveLoaded, setLiveLoaded] = useState(false);

  useEffect(() => {
    let failed = false;
    const phases: [LoadPhase, () => Promise<McpServer[]>][] = [
      ['static', getStaticServers],
      ['config', getConfiguredServers],
      ['live', getLiveServers],
    ];
    (async () => {
      for (const [name, load] of phases) {
        if (!mounted.current) return;
        setPhase(name);
        try {
          const next = await load();
          if (!mounted.current) return;
          setServers((current) => (current.length ? mergeServers(current, next) : next));
        } catch (error) {
          console.error(`MCP server list (${name}) failed`, error);
          if (mounted.current && !failed) setBanner(bannerFor(MCP_TEXTS.loadFailed, error));
          failed = true;
        }
      }
      if (!mounted.current) return;
      setLiveLoaded(true);
      setPhase('done');
    })();
  }, [mounted, setServers, setBanner]);

  return { phase, liveLoaded };
}

export function useMcpServers() {
  const [servers, setServers] = useState<McpServer[]>([]);
  const [banner, setBanner] = useState<Banner | null>(null);
  const mounted = useMountedRef();
  const { phase, liveLoaded } = usePhasedLoad(mounted, setServers, setBanner);

  const reloadLive = useCallback(async () => {
    const live = await getLiveServers();
    if (mounted.current) setServers((current) => mergeServers(current, live));
  }, [mounted]);

  const toggle = useCallback(
    async (server: McpServer, enabled: boolean) => {
      setBanner(null);
      const previous = server;
      setServers((list) =>
        replaceServer(list, { ...server, enabled, status: 'loading', error_message: null }),
      );
      try {
        await toggleServer({ id: server.id, enabled });
      } catch (error) {
        console.error('MCP toggle failed', error);
        if (!mounted.current) return;
        setServers((list) => replaceServer(list, previous));
        setBanner(bannerFor(MCP_TEXTS.toggleFailed, error));
        return;
      }
      try {
        const fresh = await getServer({ id: server.id });
        if (fresh && mounted.current) setServers((list) => mergeServers(list, [fresh], true));
        else await reloadLive();
      } catch (error) {
        console.error('MCP server reload failed', error);
        if (!mounted.current) return;
        setServers((list) => replaceServer(list, { ...previous, enabled }));
        setBanner(bannerFor(MCP_TEXTS.loadFailed, error));
      }
    },
    [mounted, reloadLive],
  );

  const remove = useCallback(
    async (server: McpServer): Promise<boolean> => {
      setBanner(null);
      try {
        await deleteCustomServer({ id: server.id });
        if (mounted.current) setServers((list) => list.filter((s) => s.id !== server.id));
        return true;
      } catch (error) {
        console.error('MCP delete failed', error);
        if (mounted.current) setBanner(bannerFor(MCP_TEXTS.deleteFailed, error));
        return false;
      }
    },
    [mounted],
  );

  /** Adds a server; a refusal comes back to the form, which shows it next to the configuration. */
  const add = useCallback(
    async (input: Parameters<typeof addCustomServer>[0]): Promise<AddResult> => {
      setBanner(null);
      let created: McpServer | null;
      try {
        created = await addCustomServer(input);
      } catch (error) {
        console.error('MCP add failed', error);
        const { title, detail } = bannerFor(MCP_TEXTS.addFailed, error);
        return { ok: false, error: detail ? `${title}: ${detail}` : title };
      }
      if (created && mounted.current) {
        const server = created;
        setServers((list) => mergeServers(list, [server], true));
      }
      try {
        await reloadLive();
      } catch (error) {
        console.error('MCP server reload failed', error);
      }
      return { ok: true };
    },
    [mounted, reloadLive],
  );

  return {
    servers,
    phase,
    liveLoaded,
    banner,
    dismissBanner: () => setBanner(null),
    toggle,
    remove,
    add,
  };
}
