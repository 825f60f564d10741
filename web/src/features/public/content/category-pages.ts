/**
 * The five category marketing pages' copy, with the figures they quote and the reminder categories
 * whose lead times they show. The copy itself is data (category-pages.json); it loads lazily with
 * CategoryPage.
 */
import type { Category } from '#shared/reminder/categories.ts';
import type { CategorySlug } from './category-links.ts';
import content from './category-pages.json';

export interface Stat {
  value: string;
  label: string;
}

export interface CategoryPageContent {
  /** The page title and h1. */
  heading: string;
  /** The meta description. */
  description: string;
  intro: string;
  /** The reminder categories whose lead intervals this page quotes. */
  categories: { value: Category; label: string }[];
  stats: Stat[];
  whyTitle: string;
  why: string[];
  tips: string[];
}

export const CATEGORY_CONTENT = content as Record<CategorySlug, CategoryPageContent>;
