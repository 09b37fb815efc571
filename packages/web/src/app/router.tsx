import { createHashRouter } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { LoadingScreen } from './loading-screen';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/** Screens load on demand, so the sign-in page does not wait for the chat code. */
export const router = createHashRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen reload />,
    children: [
      {
        path: '/onboarding',
        lazy: async () => ({ Component: (await import('../features/onboarding')).OnboardingPage }),
      },
      { path: '/oauth/:token', lazy: oauthPage },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', lazy: async () => ({ Component: (await import('../features/auth')).LoginPage }) },
          {
            path: '/register',
            lazy: async () => ({ Component: (await import('../features/auth')).RegisterPage }),
          },
          {
            path: '/register/set_name/:from?',
            lazy: async () => ({ Component: (await import('../features/auth')).SetNamePage }),
          },
          { path: '/email_login', lazy: emailLoginPage },
          {
            path: '/guest_login',
            lazy: async () => ({ Component: (await import('../features/auth')).GuestLoginPage }),
          },
          { path: '/send_magic_link/:email', lazy: emailLoginPage },
          {
            path: '/invite_mobile/:magic_token',
            lazy: async () => ({ Component: (await import('../features/invite-mobile')).InviteMobilePage }),
          },
        ],
      },
      {
        path: '/confirm_email/:token',
        lazy: async () => ({ Component: (await import('../features/email-change')).ConfirmEmailPage }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/invite_private/:gid',
            lazy: async () => ({ Component: (await import('../features/auth')).InvitePrivatePage }),
          },
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShell }),
            children: [
              { path: '/', lazy: chatPage },
              { path: '/chat', lazy: chatPage },
              { path: '/chat/channel/:gid', lazy: chatPage },
              { path: '/chat/dm/:uid', lazy: chatPage },
              { path: '/users', lazy: usersPage },
              { path: '/users/:uid', lazy: usersPage },
              { path: '/setting', lazy: settingsPage },
              { path: '/setting/:nav', lazy: settingsPage },
              { path: '/favs', lazy: chatPage },
              { path: '/files', lazy: filesPage },
              { path: '/setting/channel/:gid/:nav?', lazy: channelSettingsPage },
              { path: '/setting/dm/:uid/:nav?', lazy: dmSettingsPage },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

async function emailLoginPage() {
  return { Component: (await import('../features/auth')).EmailLoginPage };
}

async function oauthPage() {
  return { Component: (await import('../features/signin/oauth-page')).OauthPage };
}

async function chatPage() {
  return { Component: (await import('../features/chat')).ChatPage };
}

async function filesPage() {
  return { Component: (await import('../features/files-page')).FilesPage };
}

async function settingsPage() {
  return { Component: (await (await import('../features/settings')).loadSettingsShell()).SettingsShell };
}

async function usersPage() {
  return { Component: (await import('../features/users/users-page')).UsersPage };
}

async function channelSettingsPage() {
  return { Component: (await import('../features/channel-settings')).ChannelSettingsPage };
}

async function dmSettingsPage() {
  return { Component: (await import('../features/channel-settings')).DmSettingsPage };
}
