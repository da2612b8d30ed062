import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router-dom';
import { isAbsolutePath, useGo } from './navigate';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
}

/** A click the browser keeps: with a modifier key, another button, a target, or already handled. */
const browsersOwn = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  (target !== undefined && target !== '_self') ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey;

/**
 * A link to a screen of the app, as react-router's Link without what the app never asks of it (its
 * prefetching of a framework's route modules, view transitions), so react-router's Link and all it needs
 * are not the first screen's code. A click with a modifier key, or on a link with a target, is the
 * browser's. A link to an absolute path ('/project/…', the rows and actions of every list) does not
 * follow the address (see navigate.ts): a list's links are not drawn again on each new page; a relative
 * one (a hash, `{ hash }`) resolves against it with react-router's own useHref and useLinkClickHandler.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return isAbsolutePath(props.to) ? (
    <AbsoluteLink {...props} to={props.to} ref={ref} />
  ) : (
    <RelativeLink {...props} ref={ref} />
  );
});

const AbsoluteLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function AbsoluteLink(
  { to, onClick, target, ...rest },
  ref,
) {
  const go = useGo();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (browsersOwn(event, target)) return;
        event.preventDefault();
        // As react-router's Link: a link to the address already shown replaces it (no second history entry).
        const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
        go(to, { replace: here === to });
      }}
    />
  );
});

const RelativeLink = forwardRef<HTMLAnchorElement, LinkProps>(function RelativeLink(
  { to, onClick, target, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
});
