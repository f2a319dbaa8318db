import { CalendarDays, X } from 'lucide-react';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { TOwner, TPipeline } from '@pipewise/contract/deals';
import { ownerDisplayName } from '../api/get-deal-owners';
import {
  addFilterValue,
  clearFilters,
  hasActiveFilters,
  removeFilterValue,
  setCloseDate,
  type DealListState,
  type FilterKey,
} from '../utils/deal-list-params';
import { filterTags, type FilterTag } from '../utils/filter-tags';
import { narrowedStageGroups, pipelineLookup } from '../utils/pipeline-lookup';
import { CloseDateFilter } from './close-date-filter';
import { FilterMenu } from './filter-menu';

export type OpenMenu = 'owners' | 'stages' | 'pipelines' | 'closeDate' | 'columns' | 'actions' | null;

type DealsFiltersProps = {
  state: DealListState;
  onChange: (next: DealListState) => void;
  owners: readonly TOwner[];
  pipelines: readonly TPipeline[];
  openMenu: OpenMenu;
  setOpenMenu: Dispatch<SetStateAction<OpenMenu>>;
};

/** The four filter buttons, CLEAR FILTERS while any filter is on, and a removable tag per value. */
export function DealsFilters({ state, onChange, owners, pipelines, openMenu, setOpenMenu }: DealsFiltersProps) {
  const lookup = pipelineLookup(pipelines);
  const openChange = (menu: Exclude<OpenMenu, null>) => (open: boolean) =>
    setOpenMenu((current) => (open ? menu : current === menu ? null : current));
  const choose = (key: FilterKey) => (value: string) => onChange(addFilterValue(state, key, value, lookup.stagePipeline));

  const ownerById = new Map(owners.map((o) => [o.id, ownerDisplayName(o)]));
  const tags = filterTags(state, { owner: (id) => ownerById.get(id), stage: lookup.stageLabel, pipeline: lookup.pipelineLabel });
  const bar = useRef<HTMLDivElement>(null);
  const tagList = useRef<HTMLUListElement>(null);
  // The button just pressed (a tag's Remove, or CLEAR FILTERS) goes away with what it removed: once it
  // has, focus moves to the tag that took its place (else the last one, else the first filter button)
  // rather than falling to <body>.
  const refocus = useRef<{ gone: string[]; index: number } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending || tags.some((t) => pending.gone.includes(t.id))) return;
    refocus.current = null;
    const removeButtons = tagList.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (removeButtons[Math.min(pending.index, removeButtons.length - 1)] ?? bar.current?.querySelector('button'))?.focus();
  });
  const remove = (tag: FilterTag, index: number) => {
    refocus.current = { gone: [tag.id], index };
    onChange(tag.kind === 'closeDate' ? setCloseDate(state, '', '') : removeFilterValue(state, tag.kind, tag.value));
  };
  const clear = () => {
    refocus.current = { gone: tags.map((t) => t.id), index: 0 };
    onChange(clearFilters(state));
  };

  return (
    <div className="deals-filters">
      <div ref={bar} className="filter-bar" role="group" aria-label="Filters">
        <FilterMenu
          title="BY DEALOWNERS"
          open={openMenu === 'owners'}
          onOpenChange={openChange('owners')}
          groups={[{ options: owners.map((o) => ({ value: o.id, label: ownerDisplayName(o) })) }]}
          chosen={state.owners}
          onChoose={choose('owners')}
          emptyText="No deal owners"
        />
        <FilterMenu
          title="BY DEALSTAGES"
          open={openMenu === 'stages'}
          onOpenChange={openChange('stages')}
          groups={narrowedStageGroups(pipelines, state.pipelines).map((p) => ({
            label: p.label,
            options: p.stages.map((s) => ({ value: s.stageId, label: s.label })),
          }))}
          chosen={state.stages}
          onChoose={choose('stages')}
          emptyText="No deal stages"
        />
        <FilterMenu
          title="PIPELINES"
          open={openMenu === 'pipelines'}
          onOpenChange={openChange('pipelines')}
          groups={[{ options: pipelines.map((p) => ({ value: p.pipelineId, label: p.label })) }]}
          chosen={state.pipelines}
          onChoose={choose('pipelines')}
          emptyText="No pipelines"
        />
        <CloseDateFilter
          open={openMenu === 'closeDate'}
          onOpenChange={openChange('closeDate')}
          closeFrom={state.closeFrom}
          closeTo={state.closeTo}
          onApply={(from, to) => onChange(setCloseDate(state, from, to))}
        />
        {hasActiveFilters(state) ? (
          <button type="button" className="btn btn-ghost clear-filters" onClick={clear}>
            CLEAR FILTERS
          </button>
        ) : null}
      </div>
      {tags.length ? (
        <ul ref={tagList} className="filter-tags" aria-label="Active filters">
          {tags.map((tag, index) => (
            <li key={tag.id} className="filter-tag">
              {tag.kind === 'closeDate' ? (
                <>
                  <CalendarDays size={14} aria-hidden="true" />
                  <span className="sr-only">Close date: </span>
                </>
              ) : null}
              <span>{tag.label}</span>
              <button
                type="button"
                className="filter-tag-remove"
                aria-label={tag.kind === 'closeDate' ? `Remove close date ${tag.label}` : `Remove ${tag.label}`}
                onClick={() => remove(tag, index)}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
