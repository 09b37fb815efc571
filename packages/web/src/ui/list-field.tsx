import { useState } from 'react';
import { TextField, type TextFieldProps } from './field';

/** The words of a list typed into one field: separated by spaces or commas, empty ones dropped. */
export const listWords = (text: string): string[] => text.split(/[\s,]+/).filter((s) => s !== '');

export interface ListFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  value: readonly string[];
  /** The list as typed so far, so a save without leaving the field has it too. */
  onChange: (list: string[]) => void;
}

/**
 * A text field for a list (URLs, address prefixes). The text stays as typed, separators
 * included, while the field has focus; it is tidied into the list, one space apart, on blur.
 */
export function ListField({ value, onChange, onBlur, ...rest }: ListFieldProps) {
  const [text, setText] = useState(() => value.join(' '));
  return (
    <TextField
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(listWords(event.target.value));
      }}
      onBlur={(event) => {
        setText(listWords(event.target.value).join(' '));
        onBlur?.(event);
      }}
    />
  );
}
