/** The household feature's public face: the Settings card (the join page is a route of its own). */
export { HouseholdCard } from './components/HouseholdCard.tsx';
