import { type AnchorHTMLAttributes, forwardRef } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
}

/**
 * A link to a screen of the app, as react-router's Link without what the app never asks of it (its
 * prefetching of a framework's route modules, view transitions): made of react-router's own useHref and
 * useLinkClickHandler, so react-router's Link and all it needs are not the first screen's code. A click
 * with a modifier key, or on a link with a target, is the browser's.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
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
