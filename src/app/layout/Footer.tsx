import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';

/** The copyright line, of the current year (the device's clock). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer} data-testid="footer">
      {t('footer.copyright', { year: new Date().getFullYear() })}
    </footer>
  );
}
