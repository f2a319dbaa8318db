import { useId, type HTMLAttributes, type ReactNode } from 'react';

type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  as?: 'section' | 'aside' | 'div' | 'li';
  /** A heading at the top that also names the card's region. */
  title?: ReactNode;
  /** Drawn before the title, e.g. an icon. */
  titleIcon?: ReactNode;
  /** With a soft shadow, for cards that sit on the page background. */
  raised?: boolean;
};

/** A white panel with a border and rounded corners: the dashboard's unit of content. */
export function Card({ as: Tag = 'section', title, titleIcon, raised = false, className, children, ...rest }: CardProps) {
  const titleId = useId();
  const classes = ['card', raised ? 'card-raised' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Tag className={classes} aria-labelledby={title ? titleId : undefined} {...rest}>
      {title ? (
        <h3 id={titleId} className="card-title">
          {titleIcon}
          {title}
        </h3>
      ) : null}
      {children}
    </Tag>
  );
}
