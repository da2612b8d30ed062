import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer} data-testid="footer">
      {t('footer.copyright')}
    </footer>
  );
}
