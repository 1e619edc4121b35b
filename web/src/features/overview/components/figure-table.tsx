import { ScrollTable } from '@/components/ui/scroll-table.tsx';

export interface FigureRow {
  key: string;
  /** The row's name: a day or a part. */
  name: string;
  /** The figures, already formatted, one per column after the first. */
  values: string[];
}

/** A chart's or list's numbers: a named row per item, figures right-aligned. */
export function FigureTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: FigureRow[] }) {
  const [first, ...figures] = columns;
  return (
    <ScrollTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {figures.map((c) => (
            <th key={c} scope="col" className="text-right">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal">
              {row.name}
            </th>
            {row.values.map((v, i) => (
              <td key={figures[i]} className="text-right tabular-nums">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
