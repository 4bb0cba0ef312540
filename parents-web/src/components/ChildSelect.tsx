import { useId } from 'react';
import type { Child } from '@sprout/shared';

export function ChildSelect({
  children,
  value,
  onChange,
  label = 'Child',
}: {
  children: Child[];
  value: string | null;
  onChange: (uid: string) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        disabled={children.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        {children.length === 0 && <option value="">No children yet</option>}
        {children.map((child) => (
          <option key={child.uid} value={child.uid}>
            {child.username}
          </option>
        ))}
      </select>
    </div>
  );
}
