import type { HostAdapter } from '../../hosts/host';
import { ADMIN_ROUTES } from './admin-routes';
import { mountRoutes, type MountOptions } from './mount';

/** Mounts the team admins' web app (`/admin`): the shared sign-in, then the admin pages. */
export function mountAdmin(root: HTMLElement, adapter: HostAdapter, options: MountOptions = {}): { unmount(): void } {
  return mountRoutes(root, adapter, ADMIN_ROUTES, options);
}
