import { ADMIN_SCREENS, adminMenu, type AdminScreen, type NavItem } from '../../config/routes.ts';

/** The admin header's menu. */
export const ADMIN_MENU = adminMenu((s) => (s.menu === undefined ? s.title : s.menu));

/** The admin dashboard's tool buttons, in their own order (the first is the primary one). */
export const ADMIN_TOOLS: NavItem[] = Object.values<AdminScreen>(ADMIN_SCREENS)
  .flatMap((s) => (s.tool ? [{ to: s.path, ...s.tool }] : []))
  .sort((a, b) => a.order - b.order)
  .map(({ to, label }) => ({ to, label }));
