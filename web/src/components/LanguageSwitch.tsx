import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

/** Switches de ↔ en; labelled in the language it switches to. The choice is stored (i18n/index.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'de' : 'en';
  return (
    <Button variant="ghost" className="rp-language" lang={other} onPress={() => void i18n.changeLanguage(other)}>
      {t('language.switchTo')}
    </Button>
  );
}
