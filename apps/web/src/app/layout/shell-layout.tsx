// The signed-in pages' French texts travel with the shell, not in the first route (decision 0025).
import '@medenglish/shared/french-pages';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { errorCatalogue, messages } from '@medenglish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCompany } from '../../api/company';
import { refreshGroups } from '../../api/groups';
import { useNotifications } from '../../api/notifications';
import { useCurrentUser } from '../../api/user';
import { Footer } from '../../components/footer';
import { LogoMark } from '../../components/icons';
import { LazyFallback } from '../../components/lazy-fallback';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { useIsContentCovering } from '../../lib/covering-content';
import { setCurrentGroupId } from '../../lib/current-group';
import { setLanguage } from '../../lib/language';
import { useCurrentGroup } from '../../lib/use-current-group';
import { useStudyHeartbeat } from '../../lib/use-study-heartbeat';
import { AppHeader, SIDE_MENU_ID } from './app-header';
import { isActivePath } from './menu-items';
import { pageTitle } from './page-title';
import { DRAWER_WIDTH, MAIN_PADDING } from './shell-frame';
import { SideMenu } from './side-menu';
import { useCrossTabLogout } from './use-cross-tab-logout';
import { PronunciationLauncher } from '../../features/pronunciation/pronunciation-launcher';
import { useIdleLogout } from './use-idle-logout';

/** The authenticated shell of SPEC §2: header, side menu, page, footer. */
export default function ShellLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const { showCatalogueError } = useToast();
  useIdleLogout();
  useCrossTabLogout();

  const covered = useIsContentCovering();
  const { data: user } = useCurrentUser();
  const { data: company } = useCompany(user?.company);
  const { group: currentGroup, groups, isError: groupsFailed } = useCurrentGroup();
  const { data: notifications = [] } = useNotifications(user?._id, user?.company);
  const title = pageTitle(pathname);
  useDocumentTitle(title);
  // SPEC §7/§9 study time, every 30 s while active. Not during the placement test: that time is
  // not e-learning (the learner has no group yet) and the test keeps its own timing.
  useStudyHeartbeat({
    userId: user?._id,
    groupId: currentGroup?._id,
    enabled: !isActivePath(pathname, '/test'),
  });

  // The account's language wins (issue 10: remembered per learner), e.g. chosen on another device.
  useEffect(() => {
    if (user) setLanguage(user.language);
  }, [user]);

  // A switch of group reads the list again: the server may have changed it since it was cached.
  const queryClient = useQueryClient();
  const switchGroup = (groupId: string) => {
    setCurrentGroupId(groupId);
    if (user) void refreshGroups(queryClient, user._id);
  };

  // SPEC §8 1101 'Missing groups data'.
  useEffect(() => {
    if (groupsFailed) showCatalogueError(errorCatalogue.missingGroups);
  }, [groupsFailed, showCatalogueError]);

  const menu = (
    <SideMenu
      inDrawer={!isDesktop}
      narrow={isNarrow}
      activatedEvaluo={company?.activatedEvaluo ?? false}
      groups={groups}
      currentGroupId={currentGroup?._id}
      onGroupChange={switchGroup}
      onNavigate={() => setDrawerOpen(false)}
      placementOnly={isActivePath(pathname, '/test')}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {/* Behind a full-screen unit (a modal), the shell is out of reach: inert. */}
      <Box sx={{ display: 'contents' }} inert={covered}>
        <SkipLink />
        <AppHeader
          title={title}
          aboveMenu={isDesktop}
          showMenuButton={!isDesktop}
          menuOpen={drawerOpen}
          onOpenMenu={() => setDrawerOpen(true)}
          showGroupSelector={!isNarrow}
          groups={groups}
          currentGroupId={currentGroup?._id}
          onGroupChange={switchGroup}
          notifications={notifications}
        />
        {isDesktop ? (
          <Drawer
            id={SIDE_MENU_ID}
            variant="permanent"
            sx={{
              width: DRAWER_WIDTH,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            <Toolbar />
            {menu}
          </Drawer>
        ) : (
          <Drawer
            id={SIDE_MENU_ID}
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            // The phone's own bars cover the bottom of a 100 % high panel: size it to the dynamic
            // viewport and keep the last item (Logout) clear of the home indicator.
            sx={{
              '& .MuiDrawer-paper': {
                width: DRAWER_WIDTH,
                maxWidth: '85vw',
                height: '100dvh',
                pb: 'calc(16px + env(safe-area-inset-bottom))',
              },
            }}
          >
            <Toolbar sx={{ gap: 1, color: 'primary.main', borderBottom: 1, borderColor: 'divider' }}>
              <LogoMark sx={{ fontSize: 32 }} />
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
                {messages.common.appName}
              </Typography>
            </Toolbar>
            {menu}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, p: MAIN_PADDING, outline: 'none' }}
        >
          <Suspense fallback={<LazyFallback />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box sx={{ display: 'contents' }} inert={covered}>
          <Footer />
          <PronunciationLauncher />
        </Box>
      </Box>
    </Box>
  );
}
