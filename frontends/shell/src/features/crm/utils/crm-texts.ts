/** The words of the admins' CRM pages, once. */
export const CRM_STAGES_TEXTS = {
  title: 'CRM stages',
  description:
    'Where each agreement event moves the deal, in each pipeline of the CRM. A deal never moves back to an earlier stage unless "Allow moving back" is ticked, and a repeated event moves it once.',
  loading: 'Loading the CRM pipelines…',
  failed: 'Could not load the CRM pipelines',
  empty: 'The CRM has no deal pipelines yet.',
  noMove: 'No move',
  allowBack: 'Allow moving back',
  event: 'Event',
  stage: 'Moves the deal to',
  save: 'Save',
  saving: 'Saving…',
  defaultBadge: 'Default',
  defaultHint: 'No administrator has saved these rules yet: they are the defaults.',
  saveFailed: 'Could not save the rules. Try again.',
  refused: 'The rules were not saved:',
} as const;

export const CRM_RECORD_TEXTS = {
  title: 'CRM record',
  description:
    'A deal or project of the local CRM with the notes, files and stage moves ProSign wrote on it.',
  loading: 'Loading the CRM record…',
  failed: 'Could not load the CRM record',
  lookup: 'Open a CRM record',
  type: 'Record type',
  id: 'Record id',
  idHint: 'Digits only, as in the CRM (e.g. 40000003).',
  idInvalid: 'Enter the record id: digits only.',
  open: 'Open',
  pickOne: 'Enter the id of a deal or project to see what ProSign wrote on it.',
  notFoundTitle: 'No such record',
  hubspotTitle: 'Open this record in HubSpot',
  history: 'Stage history',
  noHistory: 'No stage moves yet.',
  notes: 'Notes',
  noNotes: 'No notes yet.',
  files: 'Files',
  noFiles: 'No files yet.',
  created: 'Created at',
} as const;

export const CRM_RECORD_TYPE_LABELS = { deals: 'Deal', projects: 'Project' } as const;
