import { useRef, type KeyboardEvent } from 'react';
import { VIEW_PERIODS, type ViewPeriod } from '@coinmag/contracts';
import styles from '../charts/charts.module.css';
import { VIEW_PERIOD_LABELS } from '../charts/view-labels';

interface PeriodTabsProps {
  period: ViewPeriod;
  onChange: (period: ViewPeriod) => void;
  /** The id of the panel the tabs control. */
  panelId: string;
}

/** 24 小時 / 7 天 / 30 天 / 12 個月 as tabs: click, or ← → Home End when one has the focus. */
export function PeriodTabs({ period, onChange, panelId }: PeriodTabsProps) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = VIEW_PERIODS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(VIEW_PERIODS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="期間" className={styles.tabs}>
      {VIEW_PERIODS.map((value, index) => (
        <button
          key={value}
          ref={(element) => { tabs.current[index] = element; }}
          type="button"
          role="tab"
          aria-selected={value === period}
          aria-controls={panelId}
          tabIndex={value === period ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {VIEW_PERIOD_LABELS[value]}
        </button>
      ))}
    </div>
  );
}
