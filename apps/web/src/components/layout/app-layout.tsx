/**
 * The shared frame of every signed-in page: logo and 'Query Agent' title (home, or
 * a reload when already home), the '?' help dialog, the admin-only 'Chat (beta)' switch, and the menu.
 */
import {
  ClipboardCheck,
  FileClock,
  House,
  LogOut,
  Menu,
  MessageSquare,
  Monitor,
  MonitorSmartphone,
  Moon,
  ScrollText,
  Sun,
  Users,
} from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useV2Flag } from '../../hooks/use-v2-flag';
import { detailOr } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { THEME_OPTIONS, type ThemePreference, useThemePreference } from '../../lib/theme';
import { ErrorAlert } from '../ui/alert';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Switch } from '../ui/switch';
import { HelpDialog } from './help-dialog';
import { Logo } from './logo';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}

function AppHeader() {
  const { user, isAdmin } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  const onTitleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (location.pathname === '/') window.location.reload();
    else navigate('/');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:bg-white/95 dark:supports-[backdrop-filter]:bg-white/90">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <a
          href="/"
          onClick={onTitleClick}
          className="group flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Logo />
          <span className="text-lg font-semibold tracking-tight text-slate-900 group-hover:text-brand-700">
            Query Agent
          </span>
        </a>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {isAdmin ? <ChatBetaToggle /> : null}
          <HelpDialog />
          <AppMenu email={user?.email ?? ''} role={user?.role ?? 'user'} isAdmin={isAdmin} />
        </div>
      </div>
    </header>
  );
}

function ChatBetaToggle() {
  const { enabled, setEnabled } = useV2Flag();
  return (
    <label
      htmlFor="chat-beta-toggle"
      className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1.5 pl-3 text-xs font-medium text-slate-600 select-none"
      title="Use the v2 endpoint"
    >
      Chat (beta)
      <Switch id="chat-beta-toggle" checked={enabled} onCheckedChange={setEnabled} />
    </label>
  );
}

function AppMenu({ email, role, isAdmin }: { email: string; role: string; isAdmin: boolean }) {
  const { logout, logoutEverywhere } = useAuth();
  const initial = email.trim().charAt(0).toUpperCase() || '?';
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [everywhereError, setEverywhereError] = useState<string | null>(null);

  async function onSignOutEverywhere() {
    setSigningOut(true);
    setEverywhereError(null);
    try {
      await logoutEverywhere();
    } catch (error) {
      setEverywhereError(detailOr(error, 'Failed to sign out everywhere'));
      setSigningOut(false);
    }
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label="Menu"
          className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm text-slate-700 shadow-xs transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
        >
          <span
            aria-hidden
            className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
          >
            {initial}
          </span>
          <Menu aria-hidden className="size-4 text-slate-500" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <span className="block truncate font-medium text-slate-900">{email}</span>
            <span className="capitalize">{role}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/">
              <House aria-hidden />
              Home
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/results">
              <FileClock aria-hidden />
              View History
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/chat">
              <MessageSquare aria-hidden />
              Chat
            </Link>
          </DropdownMenuItem>
          {isAdmin ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <Link to="/admin/users">
                  <Users aria-hidden />
                  Users
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/admin/review">
                  <ClipboardCheck aria-hidden />
                  Review queue
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/admin/logs">
                  <ScrollText aria-hidden />
                  Logs
                </Link>
              </DropdownMenuItem>
            </>
          ) : null}
          <DropdownMenuSeparator />
          <ThemeChoice />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()}>
            <LogOut aria-hidden />
            Logout
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirmEverywhere(true)}>
            <MonitorSmartphone aria-hidden />
            Sign out everywhere
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmEverywhere}
        onOpenChange={(open) => {
          setConfirmEverywhere(open);
          if (!open) setEverywhereError(null);
        }}
        title="Sign out everywhere?"
        description="This ends your sessions in every browser and on every device, this one included. You will need your password to sign in again."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={signingOut}
        onConfirm={() => void onSignOutEverywhere()}
      >
        {everywhereError ? <ErrorAlert>{everywhereError}</ErrorAlert> : null}
      </ConfirmDialog>
    </>
  );
}

const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** System (follow the operating system), Light or Dark; remembered in this browser. */
function ThemeChoice() {
  const { preference, setPreference } = useThemePreference();
  return (
    <>
      <DropdownMenuLabel>Theme</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={preference}
        onValueChange={(value) => setPreference(value as ThemePreference)}
        aria-label="Theme"
      >
        {THEME_OPTIONS.map(({ value, label }) => {
          const Icon = THEME_ICONS[value];
          return (
            <DropdownMenuRadioItem key={value} value={value} onSelect={(event) => event.preventDefault()}>
              <Icon aria-hidden />
              {label}
            </DropdownMenuRadioItem>
          );
        })}
      </DropdownMenuRadioGroup>
    </>
  );
}
