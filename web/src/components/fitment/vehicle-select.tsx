import type { UseQueryResult } from '@tanstack/react-query';

interface VehicleSelectProps {
  id: string;
  label: string;
  /** The first option: what choosing nothing means ("Choose a make", "Any engine"). */
  placeholder: string;
  value: string;
  disabled: boolean;
  autoFocus?: boolean;
  list: UseQueryResult<(string | number)[]>;
  onChange: (value: string) => void;
}

/**
 * One labelled native select of the vehicle selector (native: the phone's own picker, and the
 * keyboard works as everywhere). The chosen value stays an option while its list is loading or
 * failed, so a remembered vehicle shows at once.
 */
export function VehicleSelect({
  id,
  label,
  placeholder,
  value,
  disabled,
  autoFocus,
  list,
  onChange,
}: VehicleSelectProps) {
  const names = (list.data ?? []).map(String);
  if (value && !names.includes(value)) names.unshift(value);
  const first = !disabled && list.isFetching && !list.data ? 'Loading…' : placeholder;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        disabled={disabled}
        // Only when the user asked for the form ("Change vehicle"), never on page load.
        autoFocus={autoFocus}
        aria-invalid={list.isError ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{first}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
