import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { LogoMark } from './Icons.tsx';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
