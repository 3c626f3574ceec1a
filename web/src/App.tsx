import { ENGINE_VERSION } from '@rainplan/engine';
import { useEffect, useState } from 'react';
import { MESSAGES, readStoredLanguage, storeLanguage, toggleLanguage, type Language } from './language.ts';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // access itself can throw when storage is blocked
  }
}

/** Start page: product name, description, engine version and a de/en language switch. */
export function App() {
  const [language, setLanguage] = useState<Language>(() => readStoredLanguage(browserStorage()));
  const messages = MESSAGES[language];
  const otherLanguage = toggleLanguage(language);

  useEffect(() => {
    document.documentElement.lang = language;
    storeLanguage(browserStorage(), language);
  }, [language]);

  return (
    <main className="app">
      <header className="app__header">
        <h1 className="app__title">rainplan</h1>
        <button type="button" className="app__language" lang={otherLanguage} onClick={() => setLanguage(otherLanguage)}>
          {messages.switchLanguage}
        </button>
      </header>
      <p className="app__description">{messages.description}</p>
      <p className="app__note">{messages.comingSoon}</p>
      <footer className="app__footer">
        {messages.engineVersion}: <span className="app__version">{ENGINE_VERSION}</span>
      </footer>
    </main>
  );
}
