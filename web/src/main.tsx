import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createI18n } from './i18n/index.ts';
import { createAppRouter } from './router/createAppRouter.ts';
import { RootStore } from './stores/RootStore.ts';
import './styles/app.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const store = new RootStore({ i18n: createI18n() });
const router = createAppRouter(store);

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
