import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { i18n, useMessages } from '../../../i18n';
import styles from './stats.module.css';

const messages = i18n('statsChart', {
  showTable: 'Show as a table',
  showChart: 'Show as a chart',
  date: 'Date',
});

export interface ChartSeries {
  label: string;
  /** A color custom property of the theme (global.css), e.g. --color-primary. */
  color: string;
  values: number[];
}

/** Changes whenever the page's theme does (the reader's choice, or the system's). */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    const system = window.matchMedia('(prefers-color-scheme: dark)');
    system.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      system.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

/**
 * A line chart of daily counts (uPlot, in the theme's colors), with the same numbers as a table:
 * screen readers always get the table; a button shows it on screen instead of the chart.
 */
export function StatsChart({
  title,
  dates,
  series,
}: {
  title: string;
  dates: string[];
  series: ChartSeries[];
}) {
  const t = useMessages(messages);
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const theme = useThemeVersion();

  useEffect(() => {
    const target = box.current;
    if (!target || asTable) return;
    // uPlot reads the window as it loads: it is fetched in the browser, with this page only.
    let chart:
      { setSize(size: { width: number; height: number }): void; destroy(): void } | undefined;
    let resize: ResizeObserver | undefined;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const css = getComputedStyle(document.documentElement);
      const color = (name: string) => css.getPropertyValue(name).trim() || 'currentColor';
      const axis = { stroke: color('--color-muted'), grid: { stroke: color('--color-border') } };
      const width = () => Math.max(target.clientWidth, 280);
      const made = new UPlot(
        {
          width: width(),
          height: 240,
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 48 }],
          series: [
            {},
            ...series.map((s) => ({ label: s.label, stroke: color(s.color), width: 2 })),
          ],
        },
        [
          dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000),
          ...series.map((s) => s.values),
        ],
        target,
      );
      chart = made;
      resize = new ResizeObserver(() => made.setSize({ width: width(), height: 240 }));
      resize.observe(target);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [dates, series, asTable, theme]);

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>
        <span>{title}</span>
        <button type="button" className={styles.toggle} onClick={() => setAsTable(!asTable)}>
          {asTable ? t.showChart : t.showTable}
        </button>
      </figcaption>
      {!asTable && <div ref={box} aria-hidden="true" className={styles.plot} />}
      <div className={asTable ? styles.tableBox : 'visually-hidden'}>
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, i) => (
              <tr key={date}>
                <th scope="row">{date}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
