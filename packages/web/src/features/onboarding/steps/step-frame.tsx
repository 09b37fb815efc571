import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

interface StepFrameProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
}

/** One wizard step: a heading that takes focus when the step appears, content and the step's actions. */
export function StepFrame({ title, description, icon, children, actions, onSubmit, testId }: StepFrameProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <form
      className="step"
      data-testid={testId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(event);
      }}
    >
      {icon ? <div className="step__icon">{icon}</div> : null}
      <h1 className="step__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {description ? <p className="step__description">{description}</p> : null}
      {children ? <div className="step__body">{children}</div> : null}
      <div className="step__actions">{actions}</div>
    </form>
  );
}
