import type { InputHTMLAttributes, ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, className, ...rest }: CheckboxProps) {
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...rest} />
      <span className="checkbox__text">
        <span className="checkbox__label">{label}</span>
        {description ? <span className="checkbox__description">{description}</span> : null}
      </span>
    </label>
  );
}

export interface RadioCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
}

/** A radio input laid out as a selectable card; group several under one `name` inside a fieldset. */
export function RadioCard({ label, description, icon, className, checked, ...rest }: RadioCardProps) {
  // The selected look follows React's state, not `:has(input:checked)`: Chromium does not always
  // restyle a card when a sibling radio unchecks it implicitly.
  const classes = ['radio-card', checked ? 'radio-card--checked' : null, className];
  return (
    <label className={classes.filter(Boolean).join(' ')}>
      <input type="radio" checked={checked} {...rest} />
      {icon ? <span className="radio-card__icon">{icon}</span> : null}
      <span className="radio-card__text">
        <span className="radio-card__label">{label}</span>
        {description ? <span className="radio-card__description">{description}</span> : null}
      </span>
    </label>
  );
}
