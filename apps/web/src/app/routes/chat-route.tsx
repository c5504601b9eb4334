/** /chat and /chat/:sessionId: app/ composes the chat with MCP server management for its settings dialog. */
import { ChatPage } from '../../features/chat/components/chat-page';
import { McpServerManagement } from '../../features/mcp/components/mcp-server-management';

export function ChatRoute() {
  return <ChatPage settingsPanel={<McpServerManagement />} />;
}
