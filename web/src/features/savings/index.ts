/** What other features may use of savings: the dashboard shows the user's savings. */
export { useSavings } from '../../api/get-savings.ts';
export { YourSavings } from './components/YourSavings.tsx';
export { hasSavings } from './has-savings.ts';
