import { leadDaysFor } from '#shared/reminder/categories.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { PublicLayout } from '../components/PublicLayout.tsx';
import { CardList, Checklist, CtaBand, Section, SignUpLink, StatGrid } from '../components/sections.tsx';
import type { CategorySlug } from '../content/category-links.ts';
import { CATEGORY_CONTENT } from '../content/category-pages.ts';
import './CategoryPage.css';

/** '90, 60, 30, 14 and 7 days before, and on the day itself' from the category's lead intervals. */
export function describeLeadDays(days: readonly number[]): string {
  const before = days.filter((d) => d > 0).map(String);
  const onTheDay = days.includes(0);
  const list = before.length > 1 ? `${before.slice(0, -1).join(', ')} and ${before.at(-1)}` : before[0];
  const text = list ? `${list} ${before.length === 1 && before[0] === '1' ? 'day' : 'days'} before` : '';
  if (!onTheDay) return text;
  return text ? `${text}, and on the day itself` : 'on the day itself';
}

export default function CategoryPage({ slug }: { slug: CategorySlug }) {
  const content = CATEGORY_CONTENT[slug];
  useDocumentTitle(content.heading, content.description);
  return (
    <PublicLayout>
      <section className="hero hero-compact">
        <div className="container hero-inner">
          <h1>{content.heading}</h1>
          <p className="hero-lead">{content.intro}</p>
          <SignUpLink>Get Started Free Today</SignUpLink>
        </div>
      </section>

      <Section id="figures-heading" title="The figures">
        <StatGrid stats={content.stats} />
      </Section>

      <Section id="why-heading" title={content.whyTitle} className="container section prose">
        {content.why.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </Section>

      <Section id="when-heading" title="When we remind you">
        <CardList
          className="interval-list"
          items={content.categories.map((c) => ({
            title: c.label,
            text: `E-mail reminders ${describeLeadDays(leadDaysFor(c.value))}.`,
          }))}
        />
      </Section>

      <Section id="tips-heading" title="Practical tips">
        <Checklist items={content.tips} />
      </Section>

      <CtaBand
        title="Never miss this renewal again"
        text="It is free, it takes seconds, and we never connect to your bank."
        cta="Get Started Free Today"
      />
    </PublicLayout>
  );
}
