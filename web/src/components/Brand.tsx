import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { LogoMark } from './Icons.tsx';
import './Brand.css';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
