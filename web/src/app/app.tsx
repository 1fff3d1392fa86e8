import { BlueprintProvider, FocusStyleManager } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { currentUserFromToken } from '@web/shared/session/current-user';
import { SessionContext, SessionRenewContext } from '@web/shared/session/session-context';
import { storeToken, takeValidToken } from '@web/shared/session/token-storage';
import { ConfirmProvider } from '@web/shared/ui/confirm-dialog';
import { FeatureSlotsProvider } from './feature-slots';
import { featureSlots } from './feature-slot-registry';
import { routes } from './routes';
import { store } from './store';

const router = createBrowserRouter(routes);

// focus rings for keyboard users only, not after every mouse click
FocusStyleManager.onlyShowFocusOnTabs();

/** The session is read once: every sign-in, switch and sign-out reloads the page. */
export const App = () => {
  const [user, setUser] = useState(() => {
    const token = takeValidToken();
    return token ? currentUserFromToken(token) : null;
  });
  const renew = useCallback((token: string) => {
    const next = currentUserFromToken(token);
    if (!next) return;
    storeToken(token);
    setUser(next);
  }, []);
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <SessionContext.Provider value={user}>
          <SessionRenewContext.Provider value={renew}>
            <ConfirmProvider>
              <FeatureSlotsProvider slots={featureSlots}>
                <RouterProvider router={router} />
              </FeatureSlotsProvider>
            </ConfirmProvider>
          </SessionRenewContext.Provider>
        </SessionContext.Provider>
      </BlueprintProvider>
    </Provider>
  );
};
