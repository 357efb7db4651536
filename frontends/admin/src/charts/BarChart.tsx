import { useId, useState } from 'react';
import { formatCount } from './numbers-format';

export interface Bar {
  label: string;
  value: number;
}

interface BarChartProps {
  /** Names the chart for screen readers and sits above it. */
  title: string;
  bars: readonly Bar[];
  /** The unit after each number (「次」). */
  unit: string;
  /** Bars shown at most (the table beside it has them all). */
  max?: number;
}

const ROW = 28;
const LABEL_WIDTH = 150;
const WIDTH = 600;
const VALUE_ROOM = 70;
/** A label longer than this is cut with an ellipsis in the chart; the whole of it is in the tooltip and the table. */
const LABEL_CHARS = 10;

function shortLabel(label: string): string {
  const chars = Array.from(label);
  return chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('')}…` : label;
}

/**
 * A horizontal bar chart drawn as SVG (docs/adr/0019-editor-numbers.md): scales with its box
 * (readable on a phone), every bar's number written at its end, and on hover (the SVG title) or
 * tap (the bar is a button) its whole label and number in the line under the chart.
 */
export function BarChart({ title, bars, unit, max = 15 }: BarChartProps) {
  const shown = bars.slice(0, max);
  const [picked, setPicked] = useState<number | null>(null);
  const titleId = useId();
  if (shown.length === 0) return null;
  const top = Math.max(...shown.map((bar) => bar.value), 1);
  const room = WIDTH - LABEL_WIDTH - VALUE_ROOM;
  const height = shown.length * ROW + 8;
  const current = picked !== null ? shown[picked] : undefined;
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby={titleId} style={{ maxWidth: WIDTH, display: 'block', fontSize: 13 }}>
        <title id={titleId}>{title}</title>
        {shown.map((bar, index) => {
          const y = 4 + index * ROW;
          const width = Math.max(2, Math.round((bar.value / top) * room));
          const text = `${bar.label}：${formatCount(bar.value)} ${unit}`;
          return (
            <g
              key={`${bar.label}-${index}`}
              role="button"
              tabIndex={0}
              aria-label={text}
              data-bar={bar.label}
              style={{ cursor: 'pointer' }}
              onClick={() => setPicked(index === picked ? null : index)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  setPicked(index === picked ? null : index);
                }
              }}
            >
              <title>{text}</title>
              <text x={LABEL_WIDTH - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="middle" fill="#334155">{shortLabel(bar.label)}</text>
              <rect x={LABEL_WIDTH} y={y + 4} width={width} height={ROW - 8} rx={3} fill={index === picked ? '#92400e' : '#b45309'} />
              <text x={LABEL_WIDTH + width + 6} y={y + ROW / 2} dominantBaseline="middle" fill="#0f172a">{formatCount(bar.value)}</text>
            </g>
          );
        })}
      </svg>
      <figcaption aria-live="polite" style={{ minHeight: '1.5em', color: '#475569', fontSize: 14 }}>
        {current ? `${current.label}：${formatCount(current.value)} ${unit}` : '點選長條可看完整名稱與數字'}
      </figcaption>
    </figure>
  );
}
