import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useMe } from '../api/queries.ts';
import { logout } from '../auth/session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Brand } from './Brand.tsx';
import { ShieldIcon } from './Icons.tsx';

export function AppHeader() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (me.isError) console.error('Failed to load profile', me.error);
  }, [me.isError, me.error]);

  const initial = me.data?.profile.first_name.trim().charAt(0).toUpperCase() || 'U';

  const signOut = async () => {
    // Spec section 4, Logout: admin-status cache, stored auth data, global sign-out, profile, then /.
    queryClient.removeQueries({ queryKey: queryKeys.me });
    await logout();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Brand to="/dashboard" />
        <div className="app-header-actions">
          {me.data?.isAdmin === true && (
            <Link to="/admin" className="btn btn-outline btn-sm">
              <ShieldIcon />
              <span className="admin-button-label">Admin</span>
            </Link>
          )}
          <AccountMenu
            initial={initial}
            items={[
              { label: 'Settings', onSelect: () => navigate('/settings') },
              { label: 'Sign out', onSelect: () => void signOut() },
            ]}
          />
        </div>
      </div>
    </header>
  );
}
