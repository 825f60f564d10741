import { useState, type ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import './Tabs.css';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  content: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern, from Radix): a labelled tab list with roving focus, where the arrow
 * keys, Home and End move between tabs and select them; only the selected tab's panel is shown.
 * Controlled with `value`, or left to itself from `defaultValue`. A mouse click selects a tab without
 * moving focus to it, so no focus ring shows; the keyboard moves focus as the pattern says.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  defaultValue,
  onValueChange,
  className,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  value?: T;
  defaultValue?: T;
  onValueChange?: (value: T) => void;
  className?: string;
}) {
  const [own, setOwn] = useState(defaultValue);
  const select = (next: T) => {
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <RadixTabs.Root
      value={value ?? own}
      onValueChange={(next) => select(next as T)}
      activationMode="automatic"
    >
      <RadixTabs.List aria-label={label} className={className ? `tabs ${className}` : 'tabs'}>
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="tab"
            onMouseDown={(event) => {
              if (event.button !== 0 || event.ctrlKey) return;
              event.preventDefault();
              select(t.value);
            }}
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
