import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { TProfileResponse } from '@pipewise/contract/auth';
import { Spinner } from '../../components/ui/spinner';
import { useLogout, useProfile } from '../../lib/session';
import { AssistantPanel } from './assistant-panel';
import { Header } from './header';
import { titleFromPath } from './header-title';
import { Sidebar } from './sidebar';

export function DashboardLayout() {
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  // The screen follows the session check's answer in a render of its own, which React does in
  // slices: the header shows who is here at once, and a phone's main thread is not held for the
  // whole screen in the task that delivered the answer.
  const screenProfile = useDeferredValue(profile);
  const logout = useLogout();
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [title, setTitle] = useState(() => titleFromPath(pathname));
  const [titlePath, setTitlePath] = useState(pathname);

  // A route change resets the title from the path (adjusting state while rendering, not in an effect).
  if (pathname !== titlePath) {
    setTitlePath(pathname);
    setTitle(titleFromPath(pathname));
  }

  // A new screen starts at the top. Not on the first one: a page that just loaded is there
  // already, and scrolling would force a layout before the first paint.
  const shownFirst = useRef(false);
  useEffect(() => {
    if (!shownFirst.current) {
      shownFirst.current = true;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <DashboardFrame
      title={title}
      profile={profile}
      onNavigate={setTitle}
      assistantOpen={assistantOpen}
      onToggleAssistant={() => setAssistantOpen((open) => !open)}
      onCloseAssistant={() => setAssistantOpen(false)}
      onLogout={() => void logout()}
    >
      {/* The frame shows at once; the screen once the session check has confirmed who is here. */}
      {profile && screenProfile ? <Outlet /> : <SessionCheck />}
    </DashboardFrame>
  );
}

export function SessionCheck() {
  return <Spinner label="Checking your session" />;
}

type DashboardFrameProps = {
  title: string;
  profile: TProfileResponse | null | undefined;
  onNavigate: (title: string) => void;
  assistantOpen: boolean;
  onToggleAssistant: () => void;
  onCloseAssistant: () => void;
  onLogout: () => void;
  children: ReactNode;
};

/**
 * The dashboard's frame: sidebar, header and the main area holding the screen. The build also
 * renders it to HTML (app/prerender.tsx), which the server sends so the frame paints before any
 * script has run.
 */
export function DashboardFrame(props: DashboardFrameProps) {
  const { title, profile, onNavigate, assistantOpen, onToggleAssistant, onCloseAssistant, onLogout, children } = props;
  return (
    <div className="shell">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Sidebar onNavigate={onNavigate} />
      <div className="shell-main">
        <Header title={title} profile={profile} assistantOpen={assistantOpen} onToggleAssistant={onToggleAssistant} onLogout={onLogout} />
        <main id="main-content" className="shell-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      {assistantOpen ? <AssistantPanel onClose={onCloseAssistant} /> : null}
    </div>
  );
}
