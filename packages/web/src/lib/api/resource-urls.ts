import { API_BASE } from './client';
import { ROUTES } from './routes';

/** Avatars are plain unauthenticated GETs, so `<img>` can load them (API.md §1.4). */
export const avatarUrl = (uid: number, updatedAt: number): string | null =>
  updatedAt > 0 ? `${API_BASE}${ROUTES.getAvatar.path}?uid=${uid}&t=${updatedAt}` : null;

export const organizationLogoUrl = (): string => `${API_BASE}${ROUTES.getOrganizationLogo.path}`;
