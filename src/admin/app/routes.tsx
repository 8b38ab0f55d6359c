import { useEffect, type ReactElement } from 'react';
import { AdminActivityPage } from '../activity/activity-page';
import { AdminAuditLogPage } from '../activity/audit-log-page';
import { AdminBlocksPage } from '../blocks/blocks-page';
import { AdminChecklistEditorPage } from '../checklists/checklist-editor-page';
import { AdminChecklistsPage } from '../checklists/checklists-page';
import { AdminApproveSuggestionPage } from '../suggestions/approve-suggestion-page';
import { AdminSuggestionsPage } from '../suggestions/suggestions-page';
import { AdminUsagePage } from '../usage/usage-page';
import { AdminLanguagesPage } from '../languages/languages-page';
import { AdminPeoplePage } from '../people/people-page';
import { AdminSettingsPage } from '../settings/settings-page';
import { AdminSynonymsPage } from '../synonyms/synonyms-page';
import { AdminMailboxesPage } from '../mailboxes/mailboxes-page';
import { AdminTeamsPage } from '../teams/teams-page';
import { AdminBlockEditorPage } from '../block-editor/block-editor-page';
import { AdminChangesPage } from '../changes/changes-page';
import { AdminUpcomingPage } from '../upcoming/upcoming-page';
import { AdminReviewsPage } from '../stewardship/reviews-page';
import { AdminCleanupPage } from '../stewardship/cleanup-page';
import { AdminLogoutContext } from '../common/admin-logout';
import { useLogout } from '../../user/sign-in-state';
import { ChangeFirstTimePasswordScreen } from '../../screens/sign-in/change-first-time-password';
import { ConfirmSignInScreen } from '../../screens/sign-in/confirm-sign-in';
import { CouldNotFindUserScreen } from '../../screens/sign-in/could-not-find-user';
import { DialogLandingScreen } from '../../screens/sign-in/dialog-landing';
import { ForgotPasswordRequestScreen } from '../../screens/sign-in/forgot-password-request';
import { ForgotPasswordRequestCompleteScreen } from '../../screens/sign-in/forgot-password-request-complete';
import { LoginScreen } from '../../screens/sign-in/login';
import { LogoutLandingScreen } from '../../screens/sign-in/logout-landing';
import { RetrieveAccountScreen } from '../../screens/sign-in/retrieve-account';
import { RetrieveAccountSuccessScreen } from '../../screens/sign-in/retrieve-account-success';
import { SignInAuthenticatorSetupScreen } from '../../screens/sign-in/set-up-authenticator';
import { navigate } from '../../state/location';
import { HOME_PATH, LOGIN_PATH, type RouteDefinition, type RouteList } from '../../app/route-table';

/** Goes to `to` at once: the admin app has no Quick Tips, so a finished sign-in goes to the library. */
function GoTo(props: { to: string }) {
  useEffect(() => navigate(props.to, { replace: true }), [props.to]);
  return null;
}

/** An admin page, signing out through the shared session as the task pane does. */
function AdminPage(props: { children: ReactElement }) {
  const logout = useLogout();
  return <AdminLogoutContext.Provider value={logout}>{props.children}</AdminLogoutContext.Provider>;
}

/**
 * The admin app's routes: the task pane's sign-in screens (password, code, authenticator setup,
 * first password, reset, work account), then the admin pages. Unknown paths go to the library.
 */
const ROUTES: readonly RouteDefinition[] = [
  { pattern: LOGIN_PATH, access: 'guest', title: 'Admin - Log in', render: () => <LoginScreen /> },
  { pattern: 'confirm-sign-in', access: 'none', signedInGoesHome: true, title: 'Admin - Enter your code', render: () => <ConfirmSignInScreen /> },
  {
    pattern: 'set-up-authenticator',
    access: 'none',
    signedInGoesHome: true,
    title: 'Admin - Set up your authenticator app',
    render: () => <SignInAuthenticatorSetupScreen />,
  },
  {
    pattern: 'change-first-time-password',
    access: 'none',
    signedInGoesHome: true,
    title: 'Admin - Set your password',
    render: () => <ChangeFirstTimePasswordScreen />,
  },
  { pattern: 'forgot-password-request', access: 'guest', title: 'Admin - Reset your password', render: () => <ForgotPasswordRequestScreen /> },
  { pattern: 'forgot-password-request-complete', access: 'guest', title: 'Admin - Reset requested', render: () => <ForgotPasswordRequestCompleteScreen /> },
  { pattern: 'retrieve-account', access: 'guest', title: 'Admin - Use verification code', render: () => <RetrieveAccountScreen /> },
  { pattern: 'retrieve-account-success', access: 'guest', title: 'Admin - Password reset', render: () => <RetrieveAccountSuccessScreen /> },
  { pattern: 'dialog-landing', access: 'none', title: 'Admin - Signing in', render: () => <DialogLandingScreen /> },
  { pattern: 'logout-landing', access: 'none', title: 'Admin - Signing out', render: () => <LogoutLandingScreen /> },
  { pattern: 'could-not-find-user', access: 'none', title: 'Admin - User not found', render: () => <CouldNotFindUserScreen /> },
  { pattern: 'tips-screen', access: 'none', title: 'Admin', render: () => <GoTo to={HOME_PATH} /> },
  { pattern: HOME_PATH, access: 'auth', title: 'Admin - Blocks', render: () => <AdminPage><AdminBlocksPage /></AdminPage> },
  { pattern: 'languages', access: 'auth', title: 'Admin - Languages', render: () => <AdminPage><AdminLanguagesPage /></AdminPage> },
  { pattern: 'changes', access: 'auth', title: 'Admin - Changes', render: () => <AdminPage><AdminChangesPage /></AdminPage> },
  { pattern: 'upcoming', access: 'auth', title: 'Admin - Coming up', render: () => <AdminPage><AdminUpcomingPage /></AdminPage> },
  { pattern: 'suggestions', access: 'auth', title: 'Admin - Suggestions', render: () => <AdminPage><AdminSuggestionsPage /></AdminPage> },
  {
    pattern: 'suggestions/{suggestionId}',
    access: 'auth',
    title: 'Admin - Approve a suggestion',
    render: (params) => <AdminPage><AdminApproveSuggestionPage suggestionId={params.suggestionId ?? ''} /></AdminPage>,
  },
  { pattern: 'reviews', access: 'auth', title: 'Admin - Needs review', render: () => <AdminPage><AdminReviewsPage /></AdminPage> },
  { pattern: 'cleanup', access: 'auth', title: 'Admin - Clean up', render: () => <AdminPage><AdminCleanupPage /></AdminPage> },
  { pattern: 'usage', access: 'auth', title: 'Admin - Usage', render: () => <AdminPage><AdminUsagePage /></AdminPage> },
  { pattern: 'activity', access: 'auth', title: 'Admin - Activity', render: () => <AdminPage><AdminActivityPage /></AdminPage> },
  { pattern: 'audit', access: 'auth', title: 'Admin - Audit log', render: () => <AdminPage><AdminAuditLogPage /></AdminPage> },
  { pattern: 'people', access: 'auth', title: 'Admin - People', render: () => <AdminPage><AdminPeoplePage /></AdminPage> },
  { pattern: 'teams', access: 'auth', title: 'Admin - Teams', render: () => <AdminPage><AdminTeamsPage /></AdminPage> },
  { pattern: 'settings', access: 'auth', title: 'Admin - Account settings', render: () => <AdminPage><AdminSettingsPage /></AdminPage> },
  { pattern: 'synonyms', access: 'auth', title: 'Admin - Synonyms', render: () => <AdminPage><AdminSynonymsPage /></AdminPage> },
  { pattern: 'mailboxes', access: 'auth', title: 'Admin - Mailboxes', render: () => <AdminPage><AdminMailboxesPage /></AdminPage> },
  { pattern: 'blocks/new', access: 'auth', title: 'Admin - New block', render: () => <AdminPage><AdminBlockEditorPage blockId={null} /></AdminPage> },
  { pattern: 'blocks/{blockId}', access: 'auth', title: 'Admin - Edit block', render: (params) => <AdminPage><AdminBlockEditorPage blockId={params.blockId ?? ''} /></AdminPage> },
  { pattern: 'checklists', access: 'auth', title: 'Admin - Checklists', render: () => <AdminPage><AdminChecklistsPage /></AdminPage> },
  { pattern: 'checklists/new', access: 'auth', title: 'Admin - New checklist', render: () => <AdminPage><AdminChecklistEditorPage checklistId={null} /></AdminPage> },
  {
    pattern: 'checklists/{checklistId}',
    access: 'auth',
    title: 'Admin - Edit checklist',
    render: (params) => <AdminPage><AdminChecklistEditorPage checklistId={params.checklistId ?? ''} /></AdminPage>,
  },
];

export const ADMIN_ROUTES: RouteList = { routes: ROUTES, fallback: HOME_PATH };
