export { Avatar, type AvatarProps } from './avatar';
export { UnreadBadge } from './badge';
export { Button, IconButton, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, RadioCard } from './checkbox';
export { SelectField, TextAreaField, TextField } from './field';
export * from './icons';
export { getInitials, hueFor } from './initials';
export { Modal, type ModalProps } from './modal';
export { Spinner } from './spinner';
