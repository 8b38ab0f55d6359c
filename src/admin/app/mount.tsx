import type { HostPlatform } from '../../../hosts/host';
import { ADMIN_ROUTES } from './routes';
import { mountRoutes, type MountOptions } from '../../app/mount';

/** Mounts the team admins' web app (`/admin`) on a platform with no mail: the shared sign-in, then the admin pages. */
export function mountAdmin(root: HTMLElement, platform: HostPlatform, options: MountOptions = {}): { unmount(): void } {
  return mountRoutes(root, { platform }, ADMIN_ROUTES, options);
}
