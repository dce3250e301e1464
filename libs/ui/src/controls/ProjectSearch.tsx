import { extractCrmRecordId, type CrmRecordView } from '@prosign/domain';
import { useState } from 'react';
import { Combobox } from './Combobox';

/** Spec 3 §2 (CO step 1): the project search's texts. */
const PROJECT_SEARCH_TEXTS = {
  placeholder: 'Search Project by Address, ID or HS Project Url...',
  idle: 'Type to search...',
  empty: 'No matching addresses',
} as const;

/** A CRM project's address (its `address`, else its `property_address`). */
export function projectAddress(project: CrmRecordView): string {
  return project.properties.address || project.properties.property_address || '';
}

export interface ProjectSearchProps {
  label: string;
  /** Searches projects by address or record id (the id of a pasted record URL). */
  searchProjects: (query: string, signal: AbortSignal) => Promise<CrmRecordView[]>;
  onSelect: (project: CrmRecordView | null) => void;
  placeholder?: string;
  debounceMs?: number;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
  /** Shown when the search failed (e.g. the screen's own notice). */
  failedText?: string;
  /**
   * The text of a project chosen elsewhere (e.g. the deal's own): shown in the
   * box whenever it changes, so the box never stays empty beside a choice.
   */
  selectedText?: string;
}

/**
 * The CRM project search (spec 3 §2): by address, record id or a pasted CRM
 * record URL, which the field reduces to the record id (the domain's
 * `extractCrmRecordId`); searched 500 ms after the last keystroke; each result
 * shows its id and address. A Combobox: arrows, Enter, Escape.
 */
export function ProjectSearch({
  label,
  searchProjects,
  onSelect,
  placeholder = PROJECT_SEARCH_TEXTS.placeholder,
  debounceMs = 500,
  className,
  selectedText,
  ...props
}: ProjectSearchProps) {
  const [text, setText] = useState(selectedText ?? '');
  const [shown, setShown] = useState(selectedText);
  if (selectedText !== shown) {
    setShown(selectedText);
    if (selectedText) setText(selectedText);
  }
  return (
    <Combobox<CrmRecordView>
      {...props}
      className={['ps-project-search', className ?? ''].filter(Boolean).join(' ')}
      popoverClassName="ps-project-search__popover"
      label={label}
      placeholder={placeholder}
      inputValue={text}
      // A pasted record URL becomes its id; anything else stays as typed.
      onInputChange={(typed) =>
        setText(/^https?:\/\//i.test(typed.trim()) ? (extractCrmRecordId(typed) ?? typed) : typed)
      }
      loadOptions={(query, signal) => searchProjects(extractCrmRecordId(query) ?? query, signal)}
      getKey={(project) => project.id}
      getLabel={(project) => projectAddress(project) || project.id}
      renderOption={(project) => (
        <span className="ps-listbox__text">
          <span>{projectAddress(project) || '—'}</span>
          <span className="ps-listbox__detail">ID {project.id}</span>
        </span>
      )}
      onSelect={onSelect}
      debounceMs={debounceMs}
      idleText={PROJECT_SEARCH_TEXTS.idle}
      emptyText={PROJECT_SEARCH_TEXTS.empty}
      menuTrigger="focus"
    />
  );
}
