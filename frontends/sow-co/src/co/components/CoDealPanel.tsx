import { CO_SEARCH_DEBOUNCE_MS, useCoSearches } from '@prosign/api-client';
import {
  CHANGE_ORDER_LABELS,
  CO_MESSAGES,
  type ChangeOrderLabel,
  type CrmRecordView,
} from '@prosign/domain';
import { LoadingState } from '@prosign/ui';
import { Combobox, ProjectSearch, Select } from '@prosign/ui/controls';
import { CO_NOTICES, CO_TEXTS } from '../utils/co-form-values';

/** A deal as the search lists it: its address, else its name, else its id. */
export function coDealLabel(deal: CrmRecordView): string {
  const p = deal.properties;
  const address = [p.address, p.city, p.state].filter(Boolean).join(', ');
  return address || p.dealname || `Deal ${deal.id}`;
}

export interface CoDealPanelProps {
  searchText: string;
  onSearchText: (text: string) => void;
  onDealPick: (deal: CrmRecordView) => void;
  dealLoading: boolean;
  /** The deal came without a project or a label: the project search and label dropdown show. */
  needsProject: boolean;
  onProjectPick: (project: CrmRecordView) => void;
  projectLoading: boolean;
  /** The chosen project: its id and address. */
  project: { id: string; address: string } | null;
  label: string;
  onLabel: (label: ChangeOrderLabel | '') => void;
  notAvailableLabels: readonly string[];
  labelError?: string;
}

/**
 * Step 1's top (spec 3 §2): the deal search (address, deal id or deal URL);
 * when the deal has no project or label, the notice, the project search and
 * the label dropdown (Change Order 1–5, used ones disabled, required).
 */
export function CoDealPanel({
  searchText,
  onSearchText,
  onDealPick,
  dealLoading,
  needsProject,
  onProjectPick,
  projectLoading,
  project,
  label,
  onLabel,
  notAvailableLabels,
  labelError,
}: CoDealPanelProps) {
  const { searchDeals, searchProjects } = useCoSearches();
  return (
    <div className="co-deal">
      <Combobox<CrmRecordView>
        className="co-deal__search"
        label={CO_TEXTS.dealSearch}
        listLabel="Deals"
        placeholder={CO_TEXTS.dealPlaceholder}
        menuTrigger="focus"
        allowsCustomValue
        inputValue={searchText}
        onInputChange={onSearchText}
        loadOptions={searchDeals}
        getKey={(deal) => deal.id}
        getLabel={coDealLabel}
        renderOption={(deal) => (
          <span className="ps-listbox__text">
            <span>{coDealLabel(deal)}</span>
            <span className="ps-listbox__detail">
              Deal {deal.id}
              {deal.properties.dealname ? ` · ${deal.properties.dealname}` : ''}
            </span>
          </span>
        )}
        onSelect={(deal) => {
          if (deal) onDealPick(deal);
        }}
        debounceMs={CO_SEARCH_DEBOUNCE_MS.deals}
        idleText="Type to search..."
        emptyText="No matching addresses"
        failedText={CO_NOTICES.dealsFailed}
      />
      {dealLoading ? <LoadingState label="Loading the deal" /> : null}
      {needsProject ? (
        <>
          <p className="sow-notice" role="note">
            {CO_MESSAGES.noAssociatedProject}
          </p>
          <div className="co-deal__project">
            <ProjectSearch
              className="co-deal__project-search"
              label={CO_TEXTS.project}
              searchProjects={searchProjects}
              debounceMs={CO_SEARCH_DEBOUNCE_MS.projects}
              onSelect={(picked) => picked && onProjectPick(picked)}
              failedText={CO_NOTICES.projectsFailed}
              isRequired
              selectedText={project ? project.address || project.id : undefined}
              description={
                project ? `Chosen: ${project.address || '—'} (ID ${project.id})` : undefined
              }
            />
            <Select<ChangeOrderLabel | ''>
              className="co-deal__label"
              label={CO_TEXTS.label}
              placeholder={CO_TEXTS.labelPlaceholder}
              options={CHANGE_ORDER_LABELS.map((option) => {
                const used = notAvailableLabels.includes(option);
                return {
                  value: option,
                  label: option,
                  disabled: used,
                  description: used ? 'Already used on this project' : undefined,
                };
              })}
              value={(label as ChangeOrderLabel) || null}
              onChange={(next) => onLabel(next ?? '')}
              isRequired
              isDisabled={!project}
              description={project ? undefined : 'Choose the project first.'}
              errorMessage={labelError}
            />
          </div>
          {projectLoading ? <LoadingState label="Loading the project's labels" /> : null}
        </>
      ) : null}
    </div>
  );
}
