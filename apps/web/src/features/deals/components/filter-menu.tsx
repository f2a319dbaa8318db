import { ChevronDown } from 'lucide-react';
import { Fragment } from 'react';
import { Dropdown, MenuEmpty, MenuGroup, MenuItem } from '../../../components/ui/dropdown';

export type FilterOption = { value: string; label: string };
export type FilterOptionGroup = { label?: string; options: FilterOption[] };

type FilterMenuProps = {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: FilterOptionGroup[];
  chosen: readonly string[];
  onChoose: (value: string) => void;
  emptyText: string;
};

/** One filter button and its dropdown of values; an already chosen value is marked and ignored. */
export function FilterMenu({ title, open, onOpenChange, groups, chosen, onChoose, emptyText }: FilterMenuProps) {
  const hasOptions = groups.some((g) => g.options.length > 0);
  const renderOption = (option: FilterOption) => {
    const isChosen = chosen.includes(option.value);
    return (
      <MenuItem key={option.value} checked={isChosen} disabled={isChosen} onSelect={() => onChoose(option.value)}>
        {option.label}
      </MenuItem>
    );
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      panelLabel={title}
      triggerClassName={`btn filter-button${chosen.length ? ' filter-button-active' : ''}`}
      trigger={
        <>
          {title}
          {chosen.length ? (
            <span className="filter-count">
              {chosen.length}
              <span className="sr-only"> selected</span>
            </span>
          ) : null}
          <ChevronDown size={16} aria-hidden="true" />
        </>
      }
    >
      {hasOptions ? (
        groups.map((group, i) =>
          group.label ? (
            <MenuGroup key={group.label} label={group.label}>
              {group.options.map(renderOption)}
            </MenuGroup>
          ) : (
            <Fragment key={i}>{group.options.map(renderOption)}</Fragment>
          ),
        )
      ) : (
        <MenuEmpty>{emptyText}</MenuEmpty>
      )}
    </Dropdown>
  );
}
