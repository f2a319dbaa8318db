import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
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

  useEffect(() => {
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
          <Outlet />
        </main>
      </div>
      {assistantOpen ? <AssistantPanel onClose={() => setAssistantOpen(false)} /> : null}
    </div>
  );
}
