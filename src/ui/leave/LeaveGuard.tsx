import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { lazyPart } from '../LoadBoundary';
import { askToLeave, hasUnsavedChanges, onBackButton, useQuestion } from './guard';

const LeaveDialog = lazyPart(() => import('./LeaveDialog'));

const place = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

/**
 * Mounted once in the signed-in frame: a link to another screen (navigation entries, Close, a row) and the
 * browser's back and forward buttons ask first while a form holds unsaved changes. Links within the same
 * screen (a section's tab) do not.
 */
export function LeaveGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(place(location));
  current.current = place(location);
  const question = useQuestion();
  const [used, setUsed] = useState(false);
  if (question && !used) setUsed(true);

  useEffect(() => {
    // Before the router's own handlers (capture, on the document).
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      if (link.hasAttribute('download')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || place(url) === current.current) return;
      // Prevented, not stopped: the link's own handler still runs (the navigation drawer closes), and the
      // router does not follow a prevented click.
      event.preventDefault();
      askToLeave(() => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    // The back button has already moved the address: go forward again (unseen by the router), then ask.
    let returning = false;
    let leaving = false;
    const onPop = (event: PopStateEvent) => {
      if (leaving) {
        leaving = false;
        return;
      }
      if (returning) {
        returning = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!hasUnsavedChanges() || place(window.location) === current.current) return;
      event.stopImmediatePropagation();
      returning = true;
      window.history.go(1);
      askToLeave(() => {
        leaving = true;
        window.history.go(-1);
      });
    };
    document.addEventListener('click', onClick, true);
    onBackButton(onPop);
    return () => {
      document.removeEventListener('click', onClick, true);
      onBackButton(null);
    };
  }, [navigate]);

  return used ? <LeaveDialog opened={question !== null} /> : null;
}
