import { type MouseEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../Link';
import { askToLeave } from '../leave/guard';
import { useGo } from '../navigate';
import classes from './DataTable.module.css';
import { RowLayoutContext } from './rowLayout';
import { useListLayout } from './useListLayout';

interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** From which width of the list the column shows (md 700 px, lg 1000, xl 1200); always when unset. */
  from?: 'md' | 'lg' | 'xl';
  numeric?: boolean;
}

/** What a row opens: a page (its address) or a dialog (a handler). */
type Opens = string | (() => void);

export interface DataTableProps<Row> {
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The record's name, first and always shown: the link (or button) that opens it. */
  title: { header: string; cell: (row: Row) => ReactNode; sub?: (row: Row) => ReactNode };
  /** Marks after the name (sync state). */
  marks?: (row: Row) => ReactNode;
  columns: Column<Row>[];
  /** Always shown, never cut. */
  status?: { header: string; cell: (row: Row) => ReactNode };
  /** Always shown, at the end. */
  actions?: (row: Row) => ReactNode;
  opens?: (row: Row) => Opens | undefined;
  empty: string;
  emptyTestId?: string;
  testId?: string;
  rowTestId?: string;
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** Names the table for screen readers. */
  label?: string;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="switch"], [role="checkbox"]';
const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

/**
 * A list of records: a table whose lower-priority columns give way as its box narrows (never scrolling
 * sideways), and cards on a phone. The name, the status and the actions always show; a tap anywhere on a
 * row or card opens the record.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('ui');
  const navigate = useGo();
  const box = useRef<HTMLDivElement>(null);
  const layout = useListLayout(box);
  const cards = layout === 'card';
  const open = (row: Row) => {
    const target = props.opens?.(row);
    if (typeof target === 'string') askToLeave(() => navigate(target));
    else target?.();
  };
  // A tap on the row outside its own controls (and not the end of a text selection) opens the record.
  const onRowClick = (row: Row) => (event: MouseEvent) => {
    if ((event.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    open(row);
  };
  const name = (row: Row) => {
    const target = props.opens?.(row);
    const content = props.title.cell(row);
    const sub = props.title.sub?.(row);
    const link =
      typeof target === 'string' ? (
        <Link to={target} className={classes.titleLink}>
          {content}
        </Link>
      ) : target ? (
        <button type="button" className={classes.titleLink} onClick={target}>
          {content}
        </button>
      ) : (
        content
      );
    return (
      <>
        {link}
        {props.marks && <> {props.marks(row)}</>}
        {!isEmpty(sub ?? null) && <div className={classes.sub}>{sub}</div>}
      </>
    );
  };
  const rows = props.rows ?? [];

  const span = props.columns.length + 1 + (props.status ? 1 : 0) + (props.actions ? 1 : 0);
  const list = cards ? (
    <RowLayoutContext.Provider value="card">
      <ul className={classes.cards} data-testid={props.testId} aria-label={props.label}>
        {props.rows && rows.length === 0 && (
          <li className={classes.empty} data-testid={props.emptyTestId}>
            {props.empty}
          </li>
        )}
        {rows.map((row) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's name is its keyboard way in; this is the larger tap target.
          <li
            key={props.rowKey(row)}
            className={`${classes.card} ${classes.row}`}
            data-opens={Boolean(props.opens?.(row))}
            data-testid={props.rowTestId}
            onClick={onRowClick(row)}
            {...props.rowData?.(row)}
          >
            <div className={classes.cardHead}>
              <div className={classes.title}>{name(row)}</div>
              {props.status && <div className={classes.status}>{props.status.cell(row)}</div>}
            </div>
            <dl className={classes.fields}>
              {props.columns.map((column) => {
                const value = column.cell(row);
                return isEmpty(value) ? null : (
                  <div key={column.key}>
                    <dt>{column.header}</dt>
                    <dd>{value}</dd>
                  </div>
                );
              })}
            </dl>
            {props.actions && <div className={classes.cardActions}>{props.actions(row)}</div>}
          </li>
        ))}
      </ul>
    </RowLayoutContext.Provider>
  ) : (
    // 'lean': the words of 'worded', with the lower-priority columns giving way a step earlier (the CSS).
    <RowLayoutContext.Provider value={layout === 'lean' ? 'worded' : layout}>
      <table
        className={classes.table}
        data-lean={layout === 'lean' || undefined}
        data-testid={props.testId}
        aria-label={props.label}
      >
        <thead>
          <tr>
            <th>{props.title.header}</th>
            {props.columns.map((column) => (
              <th
                key={column.key}
                data-from={column.from}
                className={column.numeric ? classes.numeric : undefined}
              >
                {column.header}
              </th>
            ))}
            {props.status && <th>{props.status.header}</th>}
            {props.actions && (
              <th className={classes.actionsHead}>
                <span className="sr-only">{t('actions.label')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows && rows.length === 0 && (
            <tr>
              <td colSpan={span} className={classes.empty} data-testid={props.emptyTestId}>
                {props.empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr
              key={props.rowKey(row)}
              className={classes.row}
              data-opens={Boolean(props.opens?.(row))}
              data-testid={props.rowTestId}
              onClick={onRowClick(row)}
              {...props.rowData?.(row)}
            >
              <td className={classes.title}>{name(row)}</td>
              {props.columns.map((column) => (
                <td
                  key={column.key}
                  data-from={column.from}
                  className={column.numeric ? classes.numeric : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
              {props.status && <td className={classes.status}>{props.status.cell(row)}</td>}
              {props.actions && <td className={classes.actions}>{props.actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </RowLayoutContext.Provider>
  );
  return (
    <div className={classes.wrap} ref={box}>
      {list}
    </div>
  );
}
