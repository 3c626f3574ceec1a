import { useEffect, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router/createAppRouter.ts';
import type { RootStore } from './stores/RootStore.ts';
import { StoreProvider } from './stores/StoreContext.tsx';

/** Providers (store, i18next, react-aria locale) around the router. */
export function App({ store, router }: { store: RootStore; router: ReturnType<typeof createAppRouter> }) {
  const [language, setLanguage] = useState(store.i18n.language);
  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng);
    store.i18n.on('languageChanged', onChange);
    return () => store.i18n.off('languageChanged', onChange);
  }, [store]);
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={store.i18n}>
        <I18nProvider locale={language === 'en' ? 'en-GB' : 'de-DE'}>
          <RouterProvider router={router} />
        </I18nProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
