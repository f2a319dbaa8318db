import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useLogout, useProfile } from '../../lib/session';
import { AssistantPanel } from './assistant-panel';
import { Header } from './header';
import { titleFromPath } from './header-title';
import { Sidebar } from './sidebar';

export function DashboardLayout() {
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
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
    <div className="shell">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Sidebar onNavigate={setTitle} />
      <div className="shell-main">
        <Header
          title={title}
          profile={profile}
          assistantOpen={assistantOpen}
          onToggleAssistant={() => setAssistantOpen((open) => !open)}
          onLogout={() => void logout()}
        />
        <main id="main-content" className="shell-content" tabIndex={-1}>
          {/* The frame shows at once; the screen once the session check has confirmed who is here. */}
          {profile ? <Outlet /> : <Spinner label="Checking your session" />}
        </main>
      </div>
      {assistantOpen ? <AssistantPanel onClose={() => setAssistantOpen(false)} /> : null}
    </div>
  );
}
