import { Outlet, useMatch, useNavigation } from 'react-router';
import { ChangelogDialog } from '../components/ChangelogDialog.tsx';
import { Notices } from '../components/Notices.tsx';
import { WaitDialog } from '../components/WaitDialog.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { InvitationNotice } from './InvitationNotice.tsx';

/** The frame of every page: header, the route's screen, footer, notices and the global dialogs. */
export function AppLayout() {
  const navigation = useNavigation();
  // a share link's visitor has no account: no planner dialogs (release notes) and no planner links
  const shareView = useMatch('/share/:token') !== null;
  return (
    <div className="rp-app" data-navigation={navigation.state}>
      <Header />
      <Notices />
      <InvitationNotice />
      <main className="rp-main" id="main">
        <Outlet />
      </main>
      <Footer planner={!shareView} />
      <WaitDialog />
      {!shareView && <ChangelogDialog />}
    </div>
  );
}
