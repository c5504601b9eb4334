/**
 * Every route of the app. Feature screens are loaded on demand so the sign-in page stays small;
 * the route for chat is /chat (and /chat/{sessionId}), and the admin log viewer is /admin/logs.
 */
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { FullPageSpinner } from '../components/ui/spinner';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { NotFoundPage } from './routes/not-found';
import { RequireAdmin } from './routes/require-admin';
import { RequireAuth } from './routes/require-auth';
import { RouteError } from './routes/route-error';

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
    { path: '/reset-password', element: <ResetPasswordPage />, errorElement: <RouteError /> },
    {
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/questions/components/home-page')).HomePage,
          }),
        },
        {
          path: 'results',
          lazy: async () => ({
            Component: (await import('../features/questions/components/history-page')).HistoryPage,
          }),
        },
        {
          path: 'results/:queryId',
          lazy: async () => ({
            Component: (await import('../features/questions/components/query-detail-page')).QueryDetailPage,
          }),
        },
        {
          // One route for both, so putting a new conversation's id in the URL keeps it mounted.
          path: 'chat/:sessionId?',
          lazy: async () => ({ Component: (await import('./routes/chat-route')).ChatRoute }),
        },
        {
          path: 'shared/conversations/:shareId',
          lazy: async () => ({
            Component: (await import('../features/chat/components/shared-conversation-page'))
              .SharedConversationPage,
          }),
        },
        {
          path: 'admin',
          element: <RequireAdmin />,
          children: [
            {
              path: 'users',
              lazy: async () => ({
                Component: (await import('../features/users/components/users-page')).UsersPage,
              }),
            },
            {
              path: 'review',
              lazy: async () => ({
                Component: (await import('../features/review/components/review-page')).ReviewPage,
              }),
            },
            {
              path: 'logs',
              lazy: async () => ({
                Component: (await import('../features/logs/components/logs-page')).LogsPage,
              }),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
